import type { CustomerScope } from '@lending/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerScopeWhere } from '../../db/customers';
import { type LoanRow, loans } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { type LoanWithPeople, selectLoansWithPeople } from '../money';

export type { LoanRow };

/** The next loan number, taken from its sequence inside the creating transaction. */
export const nextLoanNumber = async (tx: Executor): Promise<number> => {
  const [row] = rowsOf<{ n: string | number }>(
    await tx.execute(sql`select nextval('loan_number_seq')::text as n`),
  );
  if (!row) throw new Error('loan_number_seq answered nothing');
  return Number(row.n);
};

export const insertLoan = async (tx: Executor, values: typeof loans.$inferInsert): Promise<LoanRow> => {
  const [row] = await tx.insert(loans).values(values).returning();
  if (!row) throw new Error('insert returned no loan');
  return row;
};

/**
 * The loan's row, locked until the transaction ends: an edit takes the lock every money call takes
 * (the money module's `lockLoanWithPeople`), so edits, payments and foreclosures of one loan run one
 * after the other.
 */
export const lockLoan = async (tx: Executor, id: number): Promise<LoanRow | null> => {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update').limit(1);
  return row ?? null;
};

/** One loan with its people, optionally only within a caller's scope (agent or borrower). */
export const findLoanWithPeople = async (
  db: Executor,
  id: number,
  scope?: CustomerScope,
): Promise<LoanWithPeople | null> => {
  const [row] = await selectLoansWithPeople(db)
    .where(and(eq(loans.id, id), scope ? customerScopeWhere(scope) : undefined))
    .limit(1);
  return row ?? null;
};
