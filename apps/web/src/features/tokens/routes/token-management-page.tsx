import { PageTitle } from '../../../components/page-title';

/** Token Management — built by a later issue; until then only its title shows. */
export const TokenManagementPage = () => (
  <PageTitle testId="page-token-management" title="Token Management" />
);
