/** Audit Logs (the superadmin's): the paged, filtered list of every recorded change. */

export { auditLogRoutes } from './routes';
