import type { CustomerScope } from '@lending/domain';
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerScopeWhere, customers } from '../../db/customers';
import { type Keyset, keysetPage } from '../../db/keyset';
import { creditEvents, emis, loans } from '../../db/schema';
import { containsPattern, keysetBatches } from '../../db/sql';
import { type CreditEventTotals, creditEventTotalsOf, keptCreditEventTotals } from '../read-model';

export type CreditEventRow = {
  event: typeof creditEvents.$inferSelect;
  customerName: string;
  loanCode: string;
};

export type CreditEventFilter = {
  scope: CustomerScope;
  customerId?: number;
  search?: string;
  sortBy: 'created_at' | 'customer_name' | 'event_type' | 'amount';
  sortDirection: 'asc' | 'desc';
};

const SORT_COLUMNS = {
  created_at: creditEvents.createdAt,
  customer_name: customers.name,
  event_type: creditEvents.eventType,
  amount: creditEvents.amount,
} as const;

/** search: customer name, loan code or event type (EMI_BOUNCED, ...), ignoring case. */
const whereOf = (filter: Omit<CreditEventFilter, 'sortBy' | 'sortDirection'>) => {
  const pattern = containsPattern(filter.search);
  return and(
    customerScopeWhere(filter.scope),
    filter.customerId === undefined ? undefined : eq(creditEvents.customerId, filter.customerId),
    pattern
      ? or(
          ilike(customers.name, pattern),
          ilike(loans.loanCode, pattern),
          ilike(creditEvents.eventType, pattern),
        )
      : undefined,
  );
};

/** One page of credit events with their customer and loan. */
export const listCreditEvents = (
  db: Executor,
  filter: CreditEventFilter,
  page: { limit: number; offset: number },
): Promise<CreditEventRow[]> => {
  const direction = filter.sortDirection === 'asc' ? asc : desc;
  return db
    .select({ event: creditEvents, customerName: customers.name, loanCode: loans.loanCode })
    .from(creditEvents)
    .innerJoin(customers, eq(customers.id, creditEvents.customerId))
    .innerJoin(loans, eq(loans.id, creditEvents.loanId))
    .where(whereOf(filter))
    .orderBy(direction(SORT_COLUMNS[filter.sortBy]), direction(creditEvents.id))
    .limit(page.limit)
    .offset(page.offset);
};

/**
 * How many events match and how many of each kind: the list's total and its stat cards, in one pass.
 * Without a search, from the read model's per-customer counts (`keptCreditEventTotals`).
 */
export const creditEventTotals = async (
  db: Executor,
  filter: Omit<CreditEventFilter, 'sortBy' | 'sortDirection'>,
): Promise<CreditEventTotals> => {
  if (!filter.search) return keptCreditEventTotals(db, filter);
  const kind = (type: string) =>
    sql<string>`(count(*) filter (where ${creditEvents.eventType} = ${type}))::text`;
  const [row] = await db
    .select({
      total: count(),
      onTime: kind('EMI_PAID_ON_TIME'),
      late: kind('EMI_PAID_LATE'),
      bounced: kind('EMI_BOUNCED'),
    })
    .from(creditEvents)
    .innerJoin(customers, eq(customers.id, creditEvents.customerId))
    .innerJoin(loans, eq(loans.id, creditEvents.loanId))
    .where(whereOf(filter));
  return creditEventTotalsOf(row);
};

const NEWEST_EVENT_FIRST: Keyset = { columns: [creditEvents.createdAt, creditEvents.id], direction: 'desc' };

/**
 * Every event the filters match, newest first (created_at, then id), read `batchSize` at a time by
 * keyset on those two columns: an export of any length holds one batch.
 */
export const eachCreditEvent = (
  db: Executor,
  filter: Omit<CreditEventFilter, 'sortBy' | 'sortDirection'>,
  batchSize: number,
): AsyncGenerator<CreditEventRow> =>
  keysetBatches<CreditEventRow & { atKey: string }, { at: string; id: number }>(
    (after, limit) =>
      keysetPage(
        db
          .select({
            event: creditEvents,
            customerName: customers.name,
            loanCode: loans.loanCode,
            atKey: sql<string>`to_char(${creditEvents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          })
          .from(creditEvents)
          .innerJoin(customers, eq(customers.id, creditEvents.customerId))
          .innerJoin(loans, eq(loans.id, creditEvents.loanId))
          .$dynamic(),
        whereOf(filter),
        NEWEST_EVENT_FIRST,
        after && [sql`${after.at}::timestamptz`, after.id],
        limit,
      ),
    // The moment as stored, to the microsecond: a Date would round it to the millisecond.
    (row) => ({ at: row.atKey, id: row.event.id }),
    batchSize,
  );

/** A customer within a reader's scope, or null. */
export const findCustomer = async (db: Executor, id: number, scope: CustomerScope) => {
  const [row] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, id), customerScopeWhere(scope)))
    .limit(1);
  return row ?? null;
};

/** A customer's credit events counted by kind; bounces dated on or after `recentSince` separately. */
export const countCustomerCreditEvents = async (db: Executor, customerId: number, recentSince: string) => {
  const [row] = await db
    .select({
      onTime: sql<string>`(count(*) filter (where ${creditEvents.eventType} = 'EMI_PAID_ON_TIME'))::text`,
      late: sql<string>`(count(*) filter (where ${creditEvents.eventType} = 'EMI_PAID_LATE'))::text`,
      bounced: sql<string>`(count(*) filter (where ${creditEvents.eventType} = 'EMI_BOUNCED'))::text`,
      recentBounces: sql<string>`(count(*) filter (where ${creditEvents.eventType} = 'EMI_BOUNCED'
        and ${creditEvents.eventDate} >= ${recentSince}::date))::text`,
    })
    .from(creditEvents)
    .where(eq(creditEvents.customerId, customerId));
  return {
    paidOnTime: Number(row?.onTime ?? 0),
    paidLate: Number(row?.late ?? 0),
    bounced: Number(row?.bounced ?? 0),
    bouncesLast30Days: Number(row?.recentBounces ?? 0),
  };
};

/**
 * EMIs due so far: EMIs dated on or before today of the customer's loans that moved money (approved,
 * closed, default), and for a foreclosed loan only those dated up to its foreclosure.
 */
export const emisDueSoFar = async (db: Executor, customerId: number, today: string): Promise<number> => {
  const [row] = await db
    .select({ total: count() })
    .from(emis)
    .innerJoin(loans, eq(loans.id, emis.loanId))
    .where(
      and(
        eq(loans.customerId, customerId),
        inArray(loans.status, ['approved', 'closed', 'default']),
        lte(emis.emiDate, today),
        sql`(${loans.foreclosureDate} is null or ${emis.emiDate} <= ${loans.foreclosureDate})`,
      ),
    );
  return Number(row?.total ?? 0);
};
