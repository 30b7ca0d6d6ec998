/** Audit Logs (the superadmin's): the paged, filtered list of every recorded change. */

export { refreshAuditActionCounts } from './count-repository';
export { auditLogRoutes } from './routes';
