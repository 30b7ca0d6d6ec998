import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../../../test/support/constants';
import { createUser } from '../../../../test/support/factories';
import { newImport } from '../../../../test/support/imported-collections';
import { createLoan } from '../../../../test/support/loans';
import { freshPostgresDatabase } from '../../../../test/support/postgres';
import { createTestClock } from '../../../../test/support/test-app';
import { type Database, openPostgres } from '../../../db/client';
import { emiPayments, importCollections, loanLedger } from '../../../db/schema';
import { rowsOf } from '../../../db/sql';
import { verifyBooks } from '../../books';
import { seedSystemAccounts } from '../../users';
import { type ImportedCollection, type ImportingAdmin, payImportedCollections } from './index';
import { claimCollection } from './repository';

/**
 * Two uploads of the same statement committed at the same moment, in two transactions on two
 * connections: always on a real PostgreSQL database of this file's own (PGlite runs one transaction at
 * a time, so there they could never meet).
 */
const R = 100;
const clock = createTestClock();
let own: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let database: Database;
let admin: ImportingAdmin;

beforeAll(async () => {
  own = await freshPostgresDatabase('lending_collect');
  database = openPostgres(own.url);
  await database.migrate();
  await seedSystemAccounts(database.db, TEST_ADMIN);
  const user = await createUser(database.db, { role: 'admin' });
  admin = { userId: user.id, ip: null, userAgent: 'import' };
});
afterAll(async () => {
  await database?.close();
  await own?.drop();
});

/** A promise each side waits on until both have opened their transaction and taken a connection. */
const meeting = (parties: number) => {
  let arrived = 0;
  let open: () => void = () => {};
  const all = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    arrived += 1;
    if (arrived === parties) open();
    await all;
  };
};

const newLoan = async () => {
  const customer = await createUser(database.db);
  return (await createLoan(database.db, { customer, startDate: '2026-11-18', totalEmiDays: 10 })).loan;
};

const row = (loanId: number, change: Partial<ImportedCollection> = {}): ImportedCollection => ({
  loanId,
  amount: 120 * R,
  date: '2026-11-20',
  mode: 'upi',
  utr: null,
  collectedBy: null,
  sheet: 'Statement',
  rowNumber: 2,
  loanText: `L${loanId}`,
  ...change,
});

/** Both imports commit side by side, each in one transaction, meeting once both have started. */
const commitTogether = async (first: ImportedCollection[], second: ImportedCollection[]) => {
  const [a, b] = [await newImport(database.db), await newImport(database.db)];
  const meet = meeting(2);
  return Promise.all(
    [
      [a, first],
      [b, second],
    ].map(([importId, records]) =>
      database.db.transaction(async (tx) => {
        // A statement of the transaction first, so it holds its own connection before the two meet.
        await tx.execute(sql`select 1`);
        await meet();
        return payImportedCollections(
          { clock },
          tx,
          importId as number,
          records as ImportedCollection[],
          admin,
        );
      }),
    ),
  );
};

const cashCollected = async (loanId: number) =>
  (await database.db.select().from(loanLedger).where(eq(loanLedger.loanId, loanId)))
    .filter((entry) => entry.kind === 'collected')
    .reduce((sum, entry) => sum + entry.amount, 0);

/** Returns once a connection of this database waits for a lock (the other claim, on this one's key). */
const untilOneWaitsForALock = async () => {
  for (let looks = 0; looks < 3_000; looks++) {
    const [row] = rowsOf<{ waiting: number }>(
      await database.db.execute(sql`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`),
    );
    if ((row?.waiting ?? 0) > 0) return;
    await database.db.execute(sql`select pg_sleep(0.01)`);
  }
  throw new Error('the other claim never waited for this one');
};

describe('an import meeting another halfway (PostgreSQL)', () => {
  it('never waits on it in a circle: the second waits its turn, then finds the shared row paid', async () => {
    const [first, shared] = [await newLoan(), await newLoan()];
    const [a, b] = [await newImport(database.db), await newImport(database.db)];
    const sharedRow = row(shared.id, { utr: 'UTR-HALFWAY' });
    const meet = meeting(2);
    // A pays a first row (taking its collector's cash-day figures), then, once B waits for a lock,
    // the row both files have. Without turns, B would hold that row's key while waiting for A's
    // figures, and A would wait for B's key: a deadlock.
    const [countsA, countsB] = await Promise.all([
      database.db.transaction(async (tx) => {
        const before = await payImportedCollections(
          { clock },
          tx,
          a,
          [row(first.id, { utr: 'UTR-A-ONLY' })],
          admin,
        );
        await meet();
        await untilOneWaitsForALock();
        const after = await payImportedCollections({ clock }, tx, a, [sharedRow], admin);
        return { paid: before.paid + after.paid, alreadyPaid: before.alreadyPaid + after.alreadyPaid };
      }),
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await meet();
        return payImportedCollections({ clock }, tx, b, [sharedRow], admin);
      }),
    ]);
    expect(countsA).toEqual({ paid: 2, alreadyPaid: 0 });
    expect(countsB).toEqual({ paid: 0, alreadyPaid: 1, toMatch: 0 });
    expect(await cashCollected(shared.id)).toBe(120 * R);
  });
});

describe('two imports of one statement at the same moment (PostgreSQL)', () => {
  it('pay a UTR once: one import pays it, the other finds it already paid', async () => {
    const loan = await newLoan();
    const statement = [row(loan.id, { utr: 'UTR-PARALLEL-1' })];
    const counts = await commitTogether(statement, statement);
    expect(counts.map((count) => count.paid).sort()).toEqual([0, 1]);
    expect(counts.map((count) => count.alreadyPaid).sort()).toEqual([0, 1]);
    expect(await database.db.select().from(emiPayments).where(eq(emiPayments.loanId, loan.id))).toHaveLength(
      1,
    );
    expect(await cashCollected(loan.id)).toBe(120 * R);
    const claims = await database.db
      .select()
      .from(importCollections)
      .where(eq(importCollections.matchKey, 'utr:UTR-PARALLEL-1'));
    expect(claims).toHaveLength(1);
  });

  it('pay every row once when the two files list the same rows in opposite orders, over several loans', async () => {
    const loans = [await newLoan(), await newLoan(), await newLoan()];
    const statement = loans.flatMap((loan, index) => [
      row(loan.id, { utr: `UTR-X-${index}` }),
      row(loan.id, { amount: 240 * R, rowNumber: 3 }),
    ]);
    const counts = await commitTogether(statement, [...statement].reverse());
    expect(counts.reduce((sum, count) => sum + count.paid, 0)).toBe(statement.length);
    expect(counts.reduce((sum, count) => sum + count.alreadyPaid, 0)).toBe(statement.length);
    for (const loan of loans) expect(await cashCollected(loan.id)).toBe(360 * R);
    const books = await verifyBooks(database.db);
    expect(books.differing).toEqual([]);
    expect(books.dayTotalsDiffering).toEqual([]);
  });
});

describe('a key claimed by a transaction not yet committed (PostgreSQL)', () => {
  const claimOf = (importId: number, matchKey: string) => ({
    matchKey,
    importId,
    sheet: 'Statement',
    rowNumber: 2,
    status: 'to_match',
    loanText: 'LN000001',
    amount: 100,
    collectedOn: '2026-11-20',
    paymentMode: 'upi',
  });

  it('is taken for the other once it commits, and free for it when it rolls back', async () => {
    const importId = await newImport(database.db);
    for (const [key, outcome] of [
      ['utr:CLAIM-COMMIT', 'commit'],
      ['utr:CLAIM-ROLLBACK', 'rollback'],
    ] as const) {
      let second: Promise<number | null> = Promise.resolve(null);
      const first = database.db
        .transaction(async (tx) => {
          const id = await claimCollection(tx, claimOf(importId, key));
          expect(id).not.toBeNull();
          // The other transaction claims the same key while this one still holds it uncommitted.
          second = database.db.transaction((other) => claimCollection(other, claimOf(importId, key)));
          await untilOneWaitsForALock();
          if (outcome === 'rollback') throw new Error('rolled back');
        })
        .catch((error: Error) => expect(error.message).toBe('rolled back'));
      await first;
      if (outcome === 'commit') expect(await second).toBeNull();
      else expect(await second).not.toBeNull();
      const rows = await database.db
        .select()
        .from(importCollections)
        .where(eq(importCollections.matchKey, key));
      expect(rows).toHaveLength(1);
    }
  });
});
