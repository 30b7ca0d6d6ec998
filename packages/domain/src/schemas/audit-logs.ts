import { z } from 'zod';
import { ZDbId, ZPageQuery, ZQuery } from './common';
import { ZText } from './primitives';

/** The page sizes the audit log offers; 50 unless asked. */
export const AUDIT_PAGE_SIZES = [20, 50, 100] as const;
export const AUDIT_DEFAULT_PAGE_SIZE = 50;
export const AUDIT_ACTION_MAX = 100;

const LIMIT_MESSAGE = `limit must be one of ${AUDIT_PAGE_SIZES.join(', ')}`;

/** GET /admin/audit-logs: `action` matches exactly (after trimming), `userId` is the actor. */
export const ZAuditLogsQuery = ZQuery({
  page: ZPageQuery,
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .refine((limit) => (AUDIT_PAGE_SIZES as readonly number[]).includes(limit), LIMIT_MESSAGE)
    .default(AUDIT_DEFAULT_PAGE_SIZE),
  action: ZText('action')
    .trim()
    .max(AUDIT_ACTION_MAX, `action must be at most ${AUDIT_ACTION_MAX} characters`)
    .optional(),
  userId: ZDbId('Invalid user').optional(),
});
export type TAuditLogsQuery = z.infer<typeof ZAuditLogsQuery>;

/** One audit row; `actor` is the acting user's name, else their e-mail, else null (system or deleted). */
export const ZAuditLog = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  action: z.string(),
  resource_type: z.string().nullable(),
  resource_id: z.string().nullable(),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  actor: z.string().nullable(),
});
export type TAuditLog = z.infer<typeof ZAuditLog>;

export const ZAuditLogsResponse = z.object({
  logs: z.array(ZAuditLog),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
});
export type TAuditLogsResponse = z.infer<typeof ZAuditLogsResponse>;
