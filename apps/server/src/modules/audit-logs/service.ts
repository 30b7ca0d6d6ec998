import type { TAuditLog, TAuditLogsQuery, TAuditLogsResponse } from '@lending/domain';
import type { AppDeps } from '../../platform/deps';
import { countAuditLogs } from '../read-model';
import { type AuditLogRow, listAuditLogs } from './repository';

// The names of the people who acted are shown, never their password or token data: metadata is
// written by the services and holds only what they chose to record.
const toAuditLog = (row: AuditLogRow): TAuditLog => ({
  id: row.id,
  user_id: row.userId,
  action: row.action,
  resource_type: row.resourceType,
  resource_id: row.resourceId,
  ip_address: row.ipAddress,
  user_agent: row.userAgent,
  metadata: row.metadata,
  created_at: row.createdAt.toISOString(),
  actor: row.actorName ?? row.actorEmail ?? null,
});

/** The audit log as the superadmin reads it: filtered and paged in SQL, newest first. */
export const createAuditLogs = ({ db }: AppDeps) => ({
  async list({ page, limit, action, userId }: TAuditLogsQuery): Promise<TAuditLogsResponse> {
    const filter = { action, userId };
    const rows = await listAuditLogs(db, filter, { limit, offset: (page - 1) * limit });
    const total = await countAuditLogs(db, filter);
    return { logs: rows.map(toAuditLog), total, totalPages: Math.ceil(total / limit), page };
  },
});
