import type { Executor } from '../../src/db/client';
import { auditLogs } from '../../src/db/schema';

type AuditRow = typeof auditLogs.$inferInsert;

/**
 * Audit rows by `userId` (null: a user since removed), one per action, on a 'probe' resource numbered
 * by position; `more(i)` adds fields to the i-th (its moment, address, metadata).
 */
export const insertProbeAuditRows = (
  db: Executor,
  userId: number | null,
  actions: readonly string[],
  more: (i: number) => Partial<AuditRow> = () => ({}),
) =>
  db.insert(auditLogs).values(
    actions.map((action, i) => ({
      userId,
      action,
      resourceType: 'probe',
      resourceId: String(i),
      ...more(i),
    })),
  );
