import type { CustomerScope, TLoanListQuery } from '@lending/domain';
import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerScopeWhere, customers } from '../../db/customers';
import { loans } from '../../db/schema';
import { containsPattern } from '../../db/sql';
import { foreclosers, type LoanWithPeople, loanWithPeople, selectLoansWithPeople } from './repository';

/** The list's filters without paging; `scope` limits it to what the caller may see. */
export type LoanFilter = Omit<TLoanListQuery, 'page' | 'limit'> & { scope: CustomerScope };

const SORT_COLUMNS = {
  loan_number: loans.loanNumber,
  customer_name: customers.name,
  loan_amount: loans.loanAmount,
  per_day_emi: loans.perDayEmi,
  start_date: loans.startDate,
  created_at: loans.createdAt,
} as const;

/**
 * Search compares loan number, loan code, customer name and mobile ignoring case; the date range
 * applies to the start date (both ends included).
 */
const whereOf = (filter: LoanFilter): SQL | undefined => {
  const pattern = containsPattern(filter.search);
  return and(
    customerScopeWhere(filter.scope),
    pattern
      ? or(
          ilike(sql`${loans.loanNumber}::text`, pattern),
          ilike(loans.loanCode, pattern),
          ilike(customers.name, pattern),
          ilike(customers.mobile, pattern),
        )
      : undefined,
    filter.status ? eq(loans.status, filter.status) : undefined,
    filter.customer_id ? eq(loans.customerId, filter.customer_id) : undefined,
    filter.start_date ? gte(loans.startDate, filter.start_date) : undefined,
    filter.end_date ? lte(loans.startDate, filter.end_date) : undefined,
  );
};

const orderOf = (filter: LoanFilter) => {
  const direction = filter.sort_direction === 'desc' ? desc : asc;
  return [direction(SORT_COLUMNS[filter.sort_by]), direction(loans.id)];
};

/** One page of matching loans. */
export const listLoans = (
  db: Executor,
  filter: LoanFilter,
  page: { limit: number; offset: number },
): Promise<LoanWithPeople[]> =>
  selectLoansWithPeople(db)
    .where(whereOf(filter))
    .orderBy(...orderOf(filter))
    .limit(page.limit)
    .offset(page.offset);

export type LoanTotals = {
  total: number;
  totalAmount: number;
  accepted: number;
  pending: number;
  completed: number;
};

const countWhere = (status: string) =>
  sql<number>`count(*) filter (where ${loans.status} = ${status})`.mapWith(Number);

/** Totals of every matching loan: count, Σ loan amount (paise) and the cards' counts by status. */
export const loanTotals = async (db: Executor, filter: LoanFilter): Promise<LoanTotals> => {
  const [row] = await db
    .select({
      total: count(),
      totalAmount: sql<number>`coalesce(sum(${loans.loanAmount}), 0)::text`.mapWith(Number),
      accepted: countWhere('accepted'),
      pending: countWhere('pending_acceptance'),
      completed: countWhere('closed'),
    })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(whereOf(filter));
  return row ?? { total: 0, totalAmount: 0, accepted: 0, pending: 0, completed: 0 };
};

/** Every matching loan in list order, read in batches (for exports of any size). */
export async function* eachLoan(db: Executor, filter: LoanFilter, batchSize = 500) {
  for (let offset = 0; ; offset += batchSize) {
    const batch = await listLoans(db, filter, { limit: batchSize, offset });
    yield* batch;
    if (batch.length < batchSize) return;
  }
}

/** A borrower's loans, newest first, with the date of their next pending EMI from `today` on. */
export const listOwnLoans = (db: Executor, scope: CustomerScope, today: string, id?: number) =>
  db
    .select({
      ...loanWithPeople,
      nextEmiDate: sql<string | null>`(
        select min(e.emi_date)::text from emis e
        where e.loan_id = ${loans.id} and e.status = 'pending' and e.emi_date >= ${today}::date)`,
    })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .leftJoin(foreclosers, eq(foreclosers.id, loans.foreclosedBy))
    .where(and(customerScopeWhere(scope), id === undefined ? undefined : eq(loans.id, id)))
    .orderBy(desc(loans.createdAt), desc(loans.id));
