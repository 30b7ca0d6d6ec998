import type { CustomerScope } from '@lending/domain';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { customerScopeWhere, customers } from '../../db/customers';
import { type LoanRow, loans, users } from '../../db/schema';
import { rowsOf } from '../../db/sql';

export type { LoanRow };
export type LoanChanges = Partial<
  Omit<typeof loans.$inferInsert, 'id' | 'loanNumber' | 'loanCode' | 'createdAt'>
>;

/** A loan with the people it names: its customer and whoever foreclosed it. */
export type LoanWithPeople = {
  loan: LoanRow;
  customerName: string;
  customerEmail: string;
  customerMobile: string | null;
  customerAddress: string | null;
  customerAgentId: number | null;
  foreclosedByName: string | null;
};

export const foreclosers = alias(users, 'foreclosed_by_user');

export const loanWithPeople = {
  loan: loans,
  customerName: customers.name,
  customerEmail: customers.email,
  customerMobile: customers.mobile,
  customerAddress: customers.address,
  customerAgentId: customers.agentId,
  foreclosedByName: foreclosers.name,
};

/** SELECT loans with their customer and foreclosing user joined; add where/order/limit. */
export const selectLoansWithPeople = (db: Executor) =>
  db
    .select(loanWithPeople)
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .leftJoin(foreclosers, eq(foreclosers.id, loans.foreclosedBy));

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
 * The loan's row, locked until the transaction ends: every change of a loan and its EMIs takes this
 * lock first, so concurrent edits, payments and foreclosures of one loan run one after the other.
 */
export const lockLoan = async (tx: Executor, id: number): Promise<LoanRow | null> => {
  const [row] = await tx.select().from(loans).where(eq(loans.id, id)).for('update').limit(1);
  return row ?? null;
};

/**
 * `lockLoan` and `findLoanWithPeople` in one statement: the loan within `scope` with its people,
 * its row locked. A row that had to wait for the lock is read again as the holder left it (the
 * database re-checks a locked row), so the loan answered is the latest; only the loan is locked.
 */
export const lockLoanWithPeople = async (
  tx: Executor,
  id: number,
  scope: CustomerScope,
): Promise<LoanWithPeople | null> => {
  const [row] = await selectLoansWithPeople(tx)
    .where(and(eq(loans.id, id), customerScopeWhere(scope)))
    .for('update', { of: loans })
    .limit(1);
  return row ?? null;
};

export const updateLoan = async (tx: Executor, id: number, changes: LoanChanges): Promise<LoanRow> => {
  const [row] = await tx.update(loans).set(changes).where(eq(loans.id, id)).returning();
  if (!row) throw new Error(`update found no loan ${id}`);
  return row;
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
