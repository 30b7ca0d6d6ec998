import {
  type CustomerScope,
  NO_DUE_TOTALS,
  type TDueCursor,
  type TDueDateScope,
  type TDueStatusFilter,
  type TDueTotals,
} from '@lending/domain';
import { and, eq, gte, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { customerScopeWhere, customers, withLoanAndCustomer } from '../../db/customers';
import { type Keyset, keysetPage } from '../../db/keyset';
import { type EmiRow, emiStateTotals, emis, loans } from '../../db/schema';
import { containsPattern, keysetBatches, openEmiSql } from '../../db/sql';

/**
 * The due list's filters: EMIs dated on `date`, before it or on any day (`dates`), of a status, open
 * or still due (`status`); `scope` limits it to what the caller may see.
 */
export type DueFilter = {
  date: string;
  dates: TDueDateScope;
  /** The last day of a `range` (included). */
  to?: string;
  status: TDueStatusFilter;
  search?: string;
  scope: CustomerScope;
};

/** A due EMI with its loan and customer. */
export type DueRow = {
  emi: EmiRow;
  loanNumber: number;
  loanCode: string;
  perDayEmi: number;
  customerName: string;
  customerMobile: string | null;
};

/** The Payments Due cards over a whole filter (the domain's totals, in paise) and its row count. */
export type DueTotalsRow = TDueTotals & { count: number };

/**
 * The loans a search names: customer name or mobile, or loan code, ignoring case. The code is 'LN' +
 * the loan number, so a number typed in the box matches through it too. Each arm is one table's
 * ILIKE, which its trigram index serves (an OR across the joined tables could use none).
 */
const searchedLoans = (pattern: string) => sql`${loans.id} in (
  select l.id from loans l where l.loan_code ilike ${pattern}
  union
  select l.id from loans l join users u on u.id = l.customer_id
  where u.name ilike ${pattern} or u.mobile ilike ${pattern})`;

const OPEN = openEmiSql(sql`${emis}`);

/** The filter's dates as a condition on an EMI date column (the head of the index or kept key). */
const datesWhere = (date: AnyPgColumn, filter: DueFilter): SQL | undefined => {
  if (filter.dates === 'day') return eq(date, filter.date);
  if (filter.dates === 'before') return lt(date, filter.date);
  // A range of the index's leading column, as 'before' is.
  if (filter.dates === 'range') return and(gte(date, filter.date), lte(date, filter.to ?? filter.date));
  return undefined;
};

const statusWhere = (status: TDueStatusFilter): SQL =>
  status === 'open' ? OPEN : status === 'due' ? ne(emis.status, 'foreclosed') : eq(emis.status, status);

/** The filter as one condition. */
const whereOf = (filter: DueFilter): SQL | undefined => {
  const pattern = containsPattern(filter.search);
  return and(
    datesWhere(emis.emiDate, filter),
    statusWhere(filter.status),
    eq(loans.status, 'approved'),
    customerScopeWhere(filter.scope),
    pattern ? searchedLoans(pattern) : undefined,
  );
};

/**
 * By loan id then EMI number: the order of the index `emis_due_list_idx` on (emi_date, status, loan_id,
 * emi_number), so a page reads its rows from the index, starting at the cursor, instead of sorting the
 * whole day.
 */
const DUE_KEYSET: Keyset = { columns: [emis.loanId, emis.emiNumber], direction: 'asc' };

/** Up to `limit` due EMIs after `after`, in the list's order (DUE_KEYSET). */
export const dueEmiPage = (
  db: Executor,
  filter: DueFilter,
  limit: number,
  after?: TDueCursor,
): Promise<DueRow[]> =>
  keysetPage(
    withLoanAndCustomer(
      db
        .select({
          emi: emis,
          loanNumber: loans.loanNumber,
          loanCode: loans.loanCode,
          perDayEmi: loans.perDayEmi,
          customerName: customers.name,
          customerMobile: customers.mobile,
        })
        .from(emis)
        .$dynamic(),
    ),
    whereOf(filter),
    DUE_KEYSET,
    after && [after.loanId, after.emiNumber],
    limit,
  );

const NO_DUE_ROWS: DueTotalsRow = { ...NO_DUE_TOTALS, count: 0 };

/** A sum as text: bigint sums arrive as strings from pg, and text reads the same on both drivers. */
const paiseSum = (expression: SQL, where: SQL = sql`true`) =>
  sql<number>`coalesce(sum(${expression}) filter (where ${where}), 0)::text`.mapWith(Number);
const counted = (where: SQL) => sql<number>`count(*) filter (where ${where})::int`.mapWith(Number);

/**
 * The cards over every row of the filter, in one aggregate over the EMIs. The customer join is left out when the
 * scope does not need it; amount and late charge are in the index, so the EMIs are
 * read from it alone.
 */
const rowsDueTotals = async (db: Executor, filter: DueFilter): Promise<DueTotalsRow> => {
  const pending = sql`${emis.status} = 'pending'`;
  const query = db
    .select({
      count: sql<number>`count(*)::int`.mapWith(Number),
      totalToCollect: paiseSum(sql`${emis.amount} + ${emis.lateCharge}`, pending),
      overdue: counted(sql`${emis.lateCharge} > 0`),
      pending: counted(pending),
      lateCharges: paiseSum(sql`${emis.lateCharge}`),
      openCount: counted(OPEN),
      openAmount: paiseSum(sql`${emis.amount} + ${emis.lateCharge}`, OPEN),
    })
    .from(emis)
    .innerJoin(loans, eq(loans.id, emis.loanId))
    .$dynamic();
  const needsCustomer = filter.scope.kind !== 'everyone';
  const joined = needsCustomer ? query.innerJoin(customers, eq(customers.id, loans.customerId)) : query;
  const [row] = await joined.where(whereOf(filter));
  return row ?? NO_DUE_ROWS;
};

/**
 * Every due EMI of the filter in list order, read `batchSize` rows at a time after the last one
 * read: an export of any size holds one batch in memory, and each batch is an index range.
 */
export const eachDueEmi = (db: Executor, filter: DueFilter, batchSize: number): AsyncGenerator<DueRow> =>
  keysetBatches<DueRow, TDueCursor>(
    (after, limit) => dueEmiPage(db, filter, limit, after),
    ({ emi }) => ({ loanId: emi.loanId, emiNumber: emi.emiNumber }),
    batchSize,
  );

/** The bounced EMIs of some loans (the domain picks the current one of each). */
export const bouncedEmisOf = (db: Executor, loanIds: readonly number[]): Promise<EmiRow[]> =>
  loanIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(emis)
        .where(and(inArray(emis.loanId, [...loanIds]), eq(emis.status, 'bounced')));

const keptStatusWhere = (status: TDueStatusFilter): SQL =>
  status === 'open'
    ? eq(emiStateTotals.open, true)
    : status === 'due'
      ? ne(emiStateTotals.status, 'foreclosed')
      : eq(emiStateTotals.status, status);

/**
 * The same cards from `emi_state_totals` (the approved loans' EMIs counted per date, agent, status and
 * openness by triggers): a few rows per day instead of every EMI of the filter. Exact, since each
 * row holds the counts and paise sums of the very EMIs the aggregate would read.
 */
const keptDueTotals = async (db: Executor, filter: DueFilter, agentId?: number): Promise<DueTotalsRow> => {
  const t = emiStateTotals;
  const pending = eq(t.status, 'pending');
  const open = eq(t.open, true);
  const [row] = await db
    .select({
      count: paiseSum(sql`${t.emis}`),
      totalToCollect: paiseSum(sql`${t.amount} + ${t.lateCharge}`, pending),
      overdue: paiseSum(sql`${t.lateCharged}`),
      pending: paiseSum(sql`${t.emis}`, pending),
      lateCharges: paiseSum(sql`${t.lateCharge}`),
      openCount: paiseSum(sql`${t.emis}`, open),
      openAmount: paiseSum(sql`${t.amount} + ${t.lateCharge}`, open),
    })
    .from(t)
    .where(
      and(
        datesWhere(emiStateTotals.emiDate, filter),
        keptStatusWhere(filter.status),
        agentId === undefined ? undefined : eq(t.agentId, agentId),
      ),
    );
  return row ?? NO_DUE_ROWS;
};

/**
 * The cards over every row of the filter. Everyone's or one agent's EMIs without a search are read
 * from the kept rows; a search, or a borrower's own loans, from the EMIs themselves.
 */
export const dueEmiTotals = (db: Executor, filter: DueFilter): Promise<DueTotalsRow> => {
  if (filter.search !== undefined || filter.scope.kind === 'customer') return rowsDueTotals(db, filter);
  return keptDueTotals(db, filter, filter.scope.kind === 'agent' ? filter.scope.agentId : undefined);
};
