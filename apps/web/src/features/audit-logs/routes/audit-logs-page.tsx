import { PageTitle } from '../../../components/page-title';

/** Audit Logs — built by a later issue; until then only its title shows. */
export const AuditLogsPage = () => <PageTitle testId="page-audit-logs" title="Audit Logs" />;
