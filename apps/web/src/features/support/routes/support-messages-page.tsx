import { PageTitle } from '../../../components/page-title';

/** Support Messages — built by a later issue; until then only its title shows. */
export const SupportMessagesPage = () => (
  <PageTitle testId="page-support-messages" title="Support Messages" />
);
