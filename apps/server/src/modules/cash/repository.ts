import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { type Keyset, keysetPage } from '../../db/keyset';
import { cashDayCloses, cashHandovers, type ModePaise, roles, users } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { cashDayRows } from '../read-model';

/** Roles whose holders collect cash (superadmins are admins here). */
const COLLECTOR_ROLES = ['agent', 'admin', 'superadmin'];

const lockKey = (collectorId: number) => sql`hashtextextended(${`cash:${collectorId}`}, 0)`;

/**
 * Serialises what changes a collector's closed-day figures against a close: payments take the lock
 * shared (they run side by side), handovers and closes exclusively, so a close never misses a
 * payment committing beside it and two handovers never both spend the same cash. Ends with the transaction.
 */
export const lockCollector = async (tx: Executor, collectorId: number, mode: 'shared' | 'exclusive') => {
  await tx.execute(
    mode === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(${lockKey(collectorId)})`
      : sql`select pg_advisory_xact_lock(${lockKey(collectorId)})`,
  );
};

export type Collector = { id: number; name: string; role: string };

/** A user who may hold cash (agent, admin, superadmin), or undefined. */
export const findCollector = async (tx: Executor, id: number): Promise<Collector | undefined> => {
  const [row] = await tx
    .select({ id: users.id, name: users.name, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id));
  return row && COLLECTOR_ROLES.includes(row.role) ? row : undefined;
};

/**
 * Takes the collector's lock shared (as `lockCollector`) and answers whether their `day` is still
 * open, in one round trip (the `cash_day_open` function looks the close up after the lock is held).
 */
export const lockCollectorDayOpen = async (
  tx: Executor,
  collectorId: number,
  day: string,
): Promise<boolean> => {
  const result = await tx.execute(sql`select ${cashDayOpenColumn(collectorId, day)} as open`);
  return rowsOf<{ open: boolean }>(result)[0]?.open === true;
};

/**
 * `lockCollectorDayOpen` as a column of another statement: a money call reads it with the loan's
 * lock, one round trip fewer on the payment path.
 */
export const cashDayOpenColumn = (collectorId: number, day: string) =>
  sql<boolean>`cash_day_open(${collectorId}, ${day}::date)`;

export const isDayClosed = async (tx: Executor, collectorId: number, day: string): Promise<boolean> => {
  const [row] = await tx
    .select({ id: cashDayCloses.id })
    .from(cashDayCloses)
    .where(and(eq(cashDayCloses.collectorId, collectorId), eq(cashDayCloses.businessDate, day)));
  return row !== undefined;
};

/** One collector-day's figures: cash rows by mode and kind, handovers summed. */
export type DayFigures = {
  collectorId: number;
  collected: ModePaise;
  refunded: number;
  handedOver: number;
  received: number;
  difference: number;
};

/**
 * The day's figures of every collector (or one) on `day`: the read model's kept cash rows
 * (`cashDayRows`) and the handovers.
 */
export const dayFigures = async (tx: Executor, day: string, collectorId?: number): Promise<DayFigures[]> => {
  const who = collectorId === undefined ? sql`` : sql`and collector_id = ${collectorId}`;
  const cash = await cashDayRows(tx, day, collectorId);
  const handed = rowsOf<{ collectorId: number; amount: string; received: string; difference: string }>(
    await tx.execute(sql`
      select collector_id as "collectorId", sum(amount)::text as amount, sum(received_amount)::text as received,
        sum(difference)::text as difference
      from cash_handovers where business_date = ${day} ${who} group by 1`),
  );
  const figures = new Map<number, DayFigures>();
  const of = (id: number) => {
    let entry = figures.get(id);
    if (!entry) {
      entry = { collectorId: id, collected: {}, refunded: 0, handedOver: 0, received: 0, difference: 0 };
      figures.set(id, entry);
    }
    return entry;
  };
  for (const row of cash) {
    const entry = of(row.collectorId);
    if (row.kind === 'collected')
      entry.collected[row.mode] = (entry.collected[row.mode] ?? 0) + Number(row.amount);
    else if (row.mode === 'cash') entry.refunded += Number(row.amount);
  }
  for (const row of handed) {
    const entry = of(row.collectorId);
    entry.handedOver = Number(row.amount);
    entry.received = Number(row.received);
    entry.difference = Number(row.difference);
  }
  return [...figures.values()];
};

/**
 * Active agents, and anyone else named in `ids`, with their names and roles. Two branches joined by
 * UNION, so each reads its own index (agents by role, the named by id) instead of every user.
 */
export const listCollectors = async (tx: Executor, ids: readonly number[]): Promise<Collector[]> => {
  const named = ids.length
    ? sql` union
      select u.id, u.name, r.name as role from users u join roles r on r.id = u.role_id
      where u.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return rowsOf<Collector>(
    await tx.execute(sql`
      select u.id, u.name, r.name as role from users u join roles r on r.id = u.role_id
      where r.name = 'agent' and u.is_active${named}
      order by 2, 1`),
  );
};

/** Which of the collectors closed `day`. */
export const closedOn = async (tx: Executor, day: string): Promise<Set<number>> => {
  const rows = await tx
    .select({ id: cashDayCloses.collectorId })
    .from(cashDayCloses)
    .where(eq(cashDayCloses.businessDate, day));
  return new Set(rows.map((row) => row.id));
};

export type NewHandover = typeof cashHandovers.$inferInsert;
export const insertHandover = async (tx: Executor, row: NewHandover) => {
  const [stored] = await tx.insert(cashHandovers).values(row).returning({ id: cashHandovers.id });
  if (!stored) throw new Error('handover not stored');
  return stored.id;
};

export type NewDayClose = typeof cashDayCloses.$inferInsert;
export const insertDayClose = async (tx: Executor, row: NewDayClose) => {
  const [stored] = await tx.insert(cashDayCloses).values(row).returning({ id: cashDayCloses.id });
  if (!stored) throw new Error('day close not stored');
  return stored.id;
};

/** A list's filters: one collector, a range of business days. */
export type CashFilter = { collectorId?: number; from?: string; to?: string };

/** The two lists of the cash custody: both by collector and business day, newest day first. */
type DayTable = typeof cashHandovers | typeof cashDayCloses;

const dayWhere = (table: DayTable, filter: CashFilter & { id?: number }) =>
  and(
    filter.id === undefined ? undefined : eq(table.id, filter.id),
    filter.collectorId === undefined ? undefined : eq(table.collectorId, filter.collectorId),
    filter.from ? gte(table.businessDate, filter.from) : undefined,
    filter.to ? lte(table.businessDate, filter.to) : undefined,
  );

/** One page of `table` newest business day first, with the count of every match. */
const newestDayFirst = async <R>(
  tx: Executor,
  table: DayTable,
  columns: SelectedFields,
  filter: CashFilter & { id?: number },
  page: { limit: number; offset: number },
): Promise<{ rows: R[]; total: number }> => {
  const where = dayWhere(table, filter);
  const rows = await tx
    .select(columns)
    .from(table)
    .where(where)
    .orderBy(desc(table.businessDate), desc(table.id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await tx.select({ n: count() }).from(table).where(where);
  return { rows: rows as R[], total: counted?.n ?? 0 };
};

const handoverColumns = {
  row: cashHandovers,
  collectorName: sql<string>`(select name from users where id = ${cashHandovers.collectorId})`,
  receivedByName: sql<string>`(select name from users where id = ${cashHandovers.receivedBy})`,
};
export type HandoverRow = {
  row: typeof cashHandovers.$inferSelect;
  collectorName: string;
  receivedByName: string;
};

/** Handovers newest first, one page, with the count of every match. */
export const listHandovers = (
  tx: Executor,
  filter: CashFilter & { id?: number },
  page: { limit: number; offset: number },
) => newestDayFirst<HandoverRow>(tx, cashHandovers, handoverColumns, filter, page);

const closeColumns = {
  row: cashDayCloses,
  collectorName: sql<string>`(select name from users where id = ${cashDayCloses.collectorId})`,
  closedByName: sql<string>`(select name from users where id = ${cashDayCloses.closedBy})`,
};
export type DayCloseRow = {
  row: typeof cashDayCloses.$inferSelect;
  collectorName: string;
  closedByName: string;
};

/** Day closes newest day first, one page, with the count of every match. */
export const listDayCloses = (
  tx: Executor,
  filter: CashFilter & { id?: number },
  page: { limit: number; offset: number },
) => newestDayFirst<DayCloseRow>(tx, cashDayCloses, closeColumns, filter, page);

/** Newest business day first, then the latest close. */
const DAY_CLOSE_KEYSET: Keyset = {
  columns: [cashDayCloses.businessDate, cashDayCloses.id],
  direction: 'desc',
};

/** The next batch of day closes after `after` (business day, id), newest first, for a streamed export. */
export const dayCloseBatch = (
  tx: Executor,
  filter: CashFilter,
  after: { day: string; id: number } | undefined,
  limit: number,
): Promise<DayCloseRow[]> =>
  keysetPage(
    tx.select(closeColumns).from(cashDayCloses).$dynamic(),
    dayWhere(cashDayCloses, filter),
    DAY_CLOSE_KEYSET,
    after && [after.day, after.id],
    limit,
  );
