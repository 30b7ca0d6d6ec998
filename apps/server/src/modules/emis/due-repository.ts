import { type CustomerScope, NO_DUE_TOTALS, type TDueCursor, type TDueStatusFilter } from '@lending/domain';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerScopeWhere, customers, withLoanAndCustomer } from '../../db/customers';
import { type Keyset, keysetPage } from '../../db/keyset';
import { type EmiRow, emis, loans } from '../../db/schema';
import { containsPattern, keysetBatches, openEmiSql } from '../../db/sql';
import { type DueDaysFilter, type DueTotalsRow, dueDatesWhere, keptDueTotals } from '../read-model';

/**
 * The due list's filters: its days and status (`DueDaysFilter`: EMIs dated on `date`, before it or
 * on any day, of a status, open or still due), a search, and `scope`, what the caller may see.
 */
export type DueFilter = DueDaysFilter & { search?: string; scope: CustomerScope };

/** A due EMI with its loan and customer. */
export type DueRow = {
  emi: EmiRow;
  loanNumber: number;
  loanCode: string;
  perDayEmi: number;
  /** The bounce charge (rupees) of the product terms the loan copied; null without a product. */
  productBounceCharge: number | null;
  customerName: string;
  customerMobile: string | null;
};

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

const statusWhere = (status: TDueStatusFilter): SQL =>
  status === 'open' ? OPEN : status === 'due' ? ne(emis.status, 'foreclosed') : eq(emis.status, status);

/** The filter as one condition. */
const whereOf = (filter: DueFilter): SQL | undefined => {
  const pattern = containsPattern(filter.search);
  return and(
    dueDatesWhere(emis.emiDate, filter),
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
          productBounceCharge: sql<number | null>`(${loans.productTerms} ->> 'bounce_charge')::float8`,
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

/**
 * The cards over every row of the filter. Everyone's or one agent's EMIs without a search are read
 * from the read model's kept EMI states (`keptDueTotals`); a search, or a borrower's own loans, from
 * the EMIs themselves.
 */
export const dueEmiTotals = (db: Executor, filter: DueFilter): Promise<DueTotalsRow> => {
  if (filter.search !== undefined || filter.scope.kind === 'customer') return rowsDueTotals(db, filter);
  return keptDueTotals(db, filter, filter.scope.kind === 'agent' ? filter.scope.agentId : undefined);
};
