import type { TBouncedEmisQuery } from '@lending/domain';
import { and, count, desc, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { customers, withLoanAndCustomer } from '../../db/customers';
import { type Keyset, keysetOrder, keysetPage } from '../../db/keyset';
import { emis, loans, users } from '../../db/schema';
import { containsPattern, keysetBatches } from '../../db/sql';
import { type BounceStats, bounceStatsOf, keptBounceStats } from '../read-model';

/** The bounced-EMI filters without paging. */
export type BouncedFilter = Omit<TBouncedEmisQuery, 'page' | 'limit'>;

const collectors = alias(users, 'collector');

/** Who recorded an EMI's latest bounce: the newest bounce record still on that EMI. */
const latestBouncer = sql<number | null>`(
  select b.bounced_by from emi_bounces b where b.emi_id = ${emis.id} order by b.id desc limit 1)`;

/**
 * A bounced EMI with its loan, customer and whoever recorded its latest bounce. An EMI is listed once
 * it has bounced (its record has a `bounce_status`: bounced, recovered, waived or written_off), whatever it is now.
 */
export type BouncedRow = {
  emi: typeof emis.$inferSelect;
  loanNumber: number;
  loanCode: string;
  loanAmount: number;
  customerName: string;
  customerMobile: string | null;
  collectorName: string | null;
  collectorMobile: string | null;
};

/**
 * search: customer name or mobile, loan code (which holds the loan number); agentId: who recorded the latest bounce;
 * dateFrom/dateTo: the latest bounce's date (Asia/Kolkata), both included.
 */
const whereOf = (filter: BouncedFilter): SQL | undefined => {
  const pattern = containsPattern(filter.search);
  return and(
    isNotNull(emis.bounceStatus),
    // Matching loans are found first (trigram indexes on loan code, customer name and mobile), so
    // counts and cards read the EMIs alone, without joining every bounced EMI to its loan.
    pattern
      ? sql`${emis.loanId} = any(array(
          select l.id from loans l where l.loan_code ilike ${pattern} or l.customer_id = any(array(
            select u.id from users u where u.name ilike ${pattern} or u.mobile ilike ${pattern}))))`
      : undefined,
    filter.agentId === undefined ? undefined : sql`${latestBouncer} = ${filter.agentId}`,
    filter.dateFrom ? gte(emis.bouncedOn, filter.dateFrom) : undefined,
    filter.dateTo ? lte(emis.bouncedOn, filter.dateTo) : undefined,
  );
};

const bouncedRows = (db: Executor) =>
  withLoanAndCustomer(
    db
      .select({
        emi: emis,
        loanNumber: loans.loanNumber,
        loanCode: loans.loanCode,
        loanAmount: loans.loanAmount,
        customerName: customers.name,
        customerMobile: customers.mobile,
        collectorName: collectors.name,
        collectorMobile: collectors.mobile,
        // The key to the microsecond ('infinity' when none): a Date would round it to the millisecond.
        atKey: sql<string>`case when ${emis.bouncedAt} is null then 'infinity'
          else to_char(${emis.bouncedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') end`,
      })
      .from(emis)
      .$dynamic(),
  ).leftJoin(collectors, sql`${collectors.id} = ${latestBouncer}`);

/** One page of matching bounced EMIs, latest bounce first. */
export const listBouncedEmis = (
  db: Executor,
  filter: BouncedFilter,
  page: { limit: number; offset: number },
): Promise<BouncedRow[]> =>
  bouncedRows(db)
    .where(whereOf(filter))
    .orderBy(desc(emis.bouncedAt), desc(emis.id))
    .limit(page.limit)
    .offset(page.offset);

/**
 * The list's order as a key that is never null: descending puts EMIs without a bounce moment first,
 * as if it were infinitely late, so the keyset compares them the way the list orders them.
 */
const bounceKey = sql`coalesce(${emis.bouncedAt}, 'infinity'::timestamptz)`;

const LATEST_BOUNCE_FIRST: Keyset = { columns: [bounceKey, emis.id], direction: 'desc' };

/**
 * Every matching bounced EMI, latest bounce first, read `batchSize` at a time by keyset on (bounce
 * moment, id): an export of any length holds one batch. Each batch first picks its EMIs' ids (the
 * filters and the order only), then reads those rows with their people: whoever recorded the latest
 * bounce is looked up for the batch's rows alone, not for every match before the limit.
 */
export const eachBouncedEmi = (db: Executor, filter: BouncedFilter, batchSize: number) =>
  keysetBatches<BouncedRow & { atKey: string }, { at: string; id: number }>(
    async (after, limit) => {
      const picked = await keysetPage(
        withLoanAndCustomer(db.select({ id: emis.id }).from(emis).$dynamic()),
        whereOf(filter),
        LATEST_BOUNCE_FIRST,
        after && [sql`${after.at}::timestamptz`, after.id],
        limit,
      );
      if (picked.length === 0) return [];
      return bouncedRows(db)
        .where(
          inArray(
            emis.id,
            picked.map((row) => row.id),
          ),
        )
        .orderBy(...keysetOrder(LATEST_BOUNCE_FIRST));
    },
    (row) => ({ at: row.atKey, id: row.emi.id }),
    batchSize,
  );

/** No filter narrows the list: its total and cards are the read model's kept per-status rows (`keptBounceStats`). */
const unfiltered = (filter: BouncedFilter) =>
  !filter.search && filter.agentId === undefined && !filter.dateFrom && !filter.dateTo;

export const countBouncedEmis = async (db: Executor, filter: BouncedFilter): Promise<number> => {
  if (unfiltered(filter)) return (await keptBounceStats(db)).total;
  const [row] = await db.select({ total: count() }).from(emis).where(whereOf(filter));
  return Number(row?.total ?? 0);
};

/**
 * The cards over the EMIs the list's filters match: all of them, those still to recover (`bounced`),
 * recovered, waived, written off, and Σ their amounts (paise).
 */
export const bouncedStats = async (db: Executor, filter: BouncedFilter): Promise<BounceStats> => {
  if (unfiltered(filter)) return keptBounceStats(db);
  const [row] = await db
    .select({
      total: sql<string>`count(*)::text`,
      pending: sql<string>`(count(*) filter (where ${emis.bounceStatus} = 'bounced'))::text`,
      recovered: sql<string>`(count(*) filter (where ${emis.bounceStatus} = 'recovered'))::text`,
      waived: sql<string>`(count(*) filter (where ${emis.bounceStatus} = 'waived'))::text`,
      writtenOff: sql<string>`(count(*) filter (where ${emis.bounceStatus} = 'written_off'))::text`,
      amount: sql<string>`coalesce(sum(${emis.amount}), 0)::text`,
    })
    .from(emis)
    .where(whereOf(filter));
  return bounceStatsOf(row);
};
