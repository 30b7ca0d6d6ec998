import { desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** Raw SQL results carry `rows` on both drivers (pg and PGlite). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A row of sums as the drivers give it: bigint sums as text, counts as numbers or text. */
export type SumsRow = Record<string, string | number | null>;

/** The one row an aggregate answers, or an empty row (every figure then reads as zero). */
export const firstRow = async (db: Executor, query: SQL): Promise<SumsRow> =>
  rowsOf<SumsRow>(await db.execute(query))[0] ?? {};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE with its wildcards escaped, or undefined for no search. */
export const containsPattern = (search: string | undefined): string | undefined =>
  search ? `%${escapeLike(search)}%` : undefined;

/** Which rows of a list one page holds. */
export type PageWindow = { limit: number; offset: number };

/**
 * One page of a list, latest `key` first; `id` breaks ties so pages never overlap or skip a row.
 * The query must be `$dynamic()`.
 */
export const latestFirstPage = <Q extends PgSelect>(
  query: Q,
  key: PgColumn,
  id: PgColumn,
  page: PageWindow,
) => query.orderBy(desc(key), desc(id)).limit(page.limit).offset(page.offset);

/**
 * Takes a transaction-level advisory lock on `key` without waiting; false when another transaction
 * holds it. The lock ends with the transaction, so it cannot outlive a pooled connection's use.
 */
export const tryTransactionLock = async (tx: Executor, key: string): Promise<boolean> => {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as locked`,
  );
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
};

/**
 * The interest part of `instalment` paise under the terms of loan row `loan` (an alias), in proportion
 * (instalment × interest ÷ total repayable, to the paisa). Cash ledger rows carry their own share, fixed
 * by the cumulative recovery split when written; this stands in for rows written before that column
 * existed (within a paisa of the split per row) and for what a schedule expects.
 */
export const interestShareSql = (instalment: SQL, loan: SQL) =>
  sql`round(${instalment}::numeric * ${loan}.interest_amount / nullif(${loan}.total_repayable, 0))::bigint`;

/**
 * Every row a query matches, read `batchSize` at a time by keyset: `read(after, limit)` answers the
 * next rows after the cursor (`undefined` for the first batch) in the query's order, and `cursorOf`
 * names a row's place in that order (unique, so no row is read twice or skipped). Each batch is one
 * short query, so an export of any length holds one batch in memory, works on PGlite (one connection,
 * no long transaction) and on pg alike, and never pays OFFSET's rescan of the rows before the page.
 */
export async function* keysetBatches<Row, Cursor>(
  read: (after: Cursor | undefined, limit: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
  batchSize: number,
): AsyncGenerator<Row> {
  let after: Cursor | undefined;
  for (;;) {
    const batch = await read(after, batchSize);
    yield* batch;
    const last = batch.at(-1);
    if (batch.length < batchSize || last === undefined) return;
    after = cursorOf(last);
  }
}

/**
 * An open EMI of EMI row `emi` (an alias or table): not yet settled, so pending, or the current
 * bounced EMI whose dues still sit on it. The one definition the dashboard's day totals (their
 * triggers, migration 0016_day_totals), Payments Due's `open` filter and `npm run verify` share.
 */
export const openEmiSql = (emi: SQL) =>
  sql`(${emi}.status = 'pending' or (${emi}.status = 'bounced' and ${emi}.dues_with = ${emi}.emi_number))`;

/** A lent loan of loan row `loan`: money has moved on it (approved, closed or default). */
export const lentLoanSql = (loan: SQL) => sql`${loan}.status in ('approved', 'closed', 'default')`;
