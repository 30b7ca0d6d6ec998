import type { Executor } from '../db/client';
import { auditLogs } from '../db/schema';

export type NewAuditRow = typeof auditLogs.$inferInsert;

/** Inserts one audit row and answers its id (ledger rows written with it name it). */
export const insertAuditRow = async (executor: Executor, row: NewAuditRow): Promise<number> => {
  const [inserted] = await auditInsert(executor, row);
  if (!inserted) throw new Error('insert returned no audit row');
  return inserted.id;
};

/** The INSERT of one audit row answering its id, for a statement that writes it with other rows. */
export const auditInsert = (executor: Executor, row: NewAuditRow) =>
  executor.insert(auditLogs).values(row).returning({ id: auditLogs.id });
