import type { Executor } from '../db/client';
import { auditLogs } from '../db/schema';

export type NewAuditRow = typeof auditLogs.$inferInsert;

export const insertAuditRow = async (executor: Executor, row: NewAuditRow): Promise<void> => {
  await executor.insert(auditLogs).values(row);
};
