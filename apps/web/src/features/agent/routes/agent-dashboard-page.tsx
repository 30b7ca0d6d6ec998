import { PageTitle } from '../../../components/page-title';

/** Agent Dashboard — built by a later issue; until then only its title shows. */
export const AgentDashboardPage = () => <PageTitle testId="page-agent-dashboard" title="Agent Dashboard" />;
