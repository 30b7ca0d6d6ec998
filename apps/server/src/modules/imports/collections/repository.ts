import { asc, count, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { type ImportCollectionRow, importCollections, users } from '../../../db/schema';

/** An imported collection row as first written: its key, what the row said, and paid or waiting. */
export type NewImportedCollection = typeof importCollections.$inferInsert;

/** How many rows one statement writes: well under PostgreSQL's 65,535 parameters a statement. */
const INSERT_BATCH = 1_000;

/**
 * Makes the imports that write collection rows take turns, each from its first collection row until its
 * transaction ends. Keys alone keep a row from being paid twice, but two imports paying side by side
 * also meet on the rows every payment of a collector's day updates (the cash day's totals), which they
 * take in their own order: each could wait for the other. Taking turns makes that impossible; the
 * second import then finds the first one's keys taken.
 */
export const lockCollectionImports = async (tx: Executor): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('import_collections', 0))`);
};

/**
 * Claims a row's key: inserts it unless a row with that key exists, and answers the new row's id, or
 * null when the key was taken. A claim another transaction has made but not yet committed makes this
 * wait for it: if that one commits, the key is taken; if it rolls back, this claim wins. That is what
 * lets two uploads of one statement at once pay each row once.
 */
export const claimCollection = async (tx: Executor, row: NewImportedCollection): Promise<number | null> => {
  const [claimed] = await tx
    .insert(importCollections)
    .values(row)
    .onConflictDoNothing({ target: importCollections.matchKey })
    .returning({ id: importCollections.id });
  return claimed?.id ?? null;
};

/** Which of `keys` an earlier import already recorded (the keys' unique index answers each). */
export const takenCollectionKeys = async (db: Executor, keys: readonly string[]): Promise<Set<string>> => {
  const taken = new Set<string>();
  for (let start = 0; start < keys.length; start += INSERT_BATCH) {
    const rows = await db
      .select({ key: importCollections.matchKey })
      .from(importCollections)
      .where(inArray(importCollections.matchKey, keys.slice(start, start + INSERT_BATCH)));
    for (const row of rows) taken.add(row.key);
  }
  return taken;
};

/** Inserts rows whose keys are free (in the order given) and answers how many it inserted. */
export const insertCollectionsIfNew = async (
  tx: Executor,
  rows: readonly NewImportedCollection[],
): Promise<number> => {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const written = await tx
      .insert(importCollections)
      .values(rows.slice(start, start + INSERT_BATCH))
      .onConflictDoNothing({ target: importCollections.matchKey })
      .returning({ id: importCollections.id });
    inserted += written.length;
  }
  return inserted;
};

/** What resolving a row changes: its status, the loan and payment it went to, who decided and when. */
export type CollectionResolution = Partial<
  Pick<NewImportedCollection, 'status' | 'loanId' | 'paymentId' | 'resolvedBy' | 'resolvedAt'>
>;

export const resolveCollection = async (
  tx: Executor,
  id: number,
  changes: CollectionResolution,
): Promise<void> => {
  await tx.update(importCollections).set(changes).where(eq(importCollections.id, id));
};

/** A row locked for its resolution (match or dismiss), so two admins resolve it once. */
export const lockCollection = async (tx: Executor, id: number): Promise<ImportCollectionRow | null> => {
  const [row] = await tx.select().from(importCollections).where(eq(importCollections.id, id)).for('update');
  return row ?? null;
};

const waiting = eq(importCollections.status, 'to_match');

/** A waiting row with the name of the collector it names (null when it names none or they were removed). */
export type WaitingCollectionRow = ImportCollectionRow & { collectorName: string | null };

/**
 * One page of the rows waiting to be matched, oldest first (file order within an import), with the
 * count and the Σ amount (paise) of the whole list, summed by the database.
 */
export const toMatchPage = async (
  db: Executor,
  page: { offset: number; limit: number },
): Promise<{ rows: WaitingCollectionRow[]; total: number; totalAmount: number }> => {
  const [totals] = await db
    .select({ total: count(), amount: sum(importCollections.amount).mapWith(Number) })
    .from(importCollections)
    .where(waiting);
  const rows = await db
    .select({ row: importCollections, collectorName: users.name })
    .from(importCollections)
    .leftJoin(users, eq(users.id, importCollections.collectedBy))
    .where(waiting)
    .orderBy(asc(importCollections.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: rows.map(({ row, collectorName }) => ({ ...row, collectorName })),
    total: totals?.total ?? 0,
    totalAmount: totals?.amount ?? 0,
  };
};
