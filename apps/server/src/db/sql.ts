import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/** Raw SQL results carry `rows` on both drivers (pg and PGlite). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for ILIKE with its wildcards escaped, or undefined for no search. */
export const containsPattern = (search: string | undefined): string | undefined =>
  search ? `%${escapeLike(search)}%` : undefined;

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
