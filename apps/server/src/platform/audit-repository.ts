import type { Executor } from '../db/client';
import { auditLogs } from '../db/schema';

export type NewAuditRow = typeof auditLogs.$inferInsert;

/** Inserts one audit row and answers its id (ledger rows written with it name it). */
export const insertAuditRow = async (executor: Executor, row: NewAuditRow): Promise<number> => {
  const [inserted] = await executor.insert(auditLogs).values(row).returning({ id: auditLogs.id });
  if (!inserted) throw new Error('insert returned no audit row');
  return inserted.id;
};
