import { PageTitle } from '../../../components/page-title';

/** Agent Collections — built by a later issue; until then only its title shows. */
export const AgentCollectionsPage = () => (
  <PageTitle testId="page-agent-collections" title="Agent Collections" />
);
