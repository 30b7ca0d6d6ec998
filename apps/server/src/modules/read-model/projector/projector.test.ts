import { addDays } from '@lending/domain';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../../../test/support/constants';
import { emiTestApp } from '../../../../test/support/emi-api';
import { createLoan } from '../../../../test/support/loans';
import { freshPostgresDatabase } from '../../../../test/support/postgres';
import { type Db, openPostgres } from '../../../db/client';
import { rowsOf } from '../../../db/sql';
import { seedSystemAccounts } from '../../users';
import { KEPT_FIGURES } from '../figures';
import { keptFigureMismatches } from '../verify';
import { projectionLag } from './repository';
import { startProjector } from './runner';
import { catchUp, catchUpFully, projectionOf } from './service';

const projected = KEPT_FIGURES.filter((figure) => figure.keeping === 'projector');
const ledgerDays = projectionOf('ledger-day-totals');

/** The figure's rows, shards summed, in a fixed order. */
const keptRows = async (db: Db) =>
  rowsOf<Record<string, string>>(
    await db.execute(sql`select business_date::text as day, kind, sum(amount)::text as amount,
      sum(interest_share)::text as interest, sum(row_count)::text as rows
      from ledger_day_totals group by 1, 2 order by 1, 2`),
  );
const ledgerRowCount = async (db: Db) =>
  Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from loan_ledger`))[0]?.n);
const foldedRowCount = async (db: Db) =>
  Number(
    rowsOf<{ n: string | null }>(await db.execute(sql`select sum(row_count) as n from ledger_day_totals`))[0]
      ?.n ?? 0,
  );

/** Ledger rows written straight into the table, one transaction each (what any money call leaves). */
const writeRows = async (db: Db, loanId: number, count: number) => {
  for (let i = 0; i < count; i += 1)
    await db.execute(sql`insert into loan_ledger (loan_id, emi_number, kind, cause, amount, instalment, penalty, business_date)
      values (${loanId}, 1, 'charge', 'test', 100, 0, 100, '2026-11-20')`);
};

describe('the projector of the ledger’s day totals', () => {
  const book = emiTestApp();
  afterAll(async () => (await book).t.close());

  it('leaves a payment’s transaction alone, then folds its rows once, in commit order, and says as of when', async () => {
    const { t, cast, api } = await book;
    await catchUpFully(t.db, ledgerDays);
    const before = await keptRows(t.db);
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    for (const n of [1, 2, 3]) expect((await api.pay(cast.admin.headers, loan.id, n)).statusCode).toBe(200);
    // The payments committed; the figure has not moved yet.
    expect(await keptRows(t.db)).toEqual(before);
    // Another session's transaction (on PostgreSQL, of any database) may hold the horizon a moment.
    const folded = await catchUpFully(t.db, ledgerDays);
    expect(folded).toBeGreaterThanOrEqual(3);
    const first = await catchUp(t.db, ledgerDays);
    expect(first.asOf?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await keptRows(t.db)).not.toEqual(before);
    expect(await foldedRowCount(t.db)).toBe(await ledgerRowCount(t.db));
    // Nothing new: nothing folded twice, and the watermark still moves on.
    const again = await catchUp(t.db, ledgerDays);
    expect(again.folded).toBe(0);
    expect(again.asOf?.getTime()).toBeGreaterThanOrEqual(first.asOf?.getTime() ?? 0);
    expect(await keptFigureMismatches(t.db, 20, projected)).toEqual([]);
    // The first test awaits the app's build (its database migrated), which a busy machine stretches.
  }, 120_000);

  it('counts every source row behind a figure never folded, so its first reader folds before reading', async () => {
    const { t, cast, api } = await book;
    const { loan } = await createLoan(t.db, { customer: cast.customerB });
    expect((await api.pay(cast.admin.headers, loan.id, 1)).statusCode).toBe(200);
    const lag = await projectionLag(t.db, 'a-figure-never-folded', 'loan_ledger');
    expect(lag).toEqual({ behind: await ledgerRowCount(t.db), asOf: null });
    expect(lag.behind).toBeGreaterThan(0);
  });

  it('moves an approved loan’s oldest open EMI date in the fold, not the payment, and the overdue filter reads it up to date', async () => {
    const { t, cast, api } = await book;
    const [eightDaysAgo, sevenDaysAgo] = [addDays(t.clock.today(), -8), addDays(t.clock.today(), -7)];
    const { loan } = await createLoan(t.db, { customer: cast.customerA, startDate: eightDaysAgo });
    await catchUpFully(t.db, projectionOf('oldest-open-emi'));
    const dateOf = async () =>
      rowsOf<{ day: string }>(
        await t.db.execute(sql`select oldest_open_emi_date::text as day from loans where id = ${loan.id}`),
      )[0]?.day;
    const overdueEightDays = async () =>
      (await api.get(cast.admin.headers, `/api/loans?overdue_min=8&search=${loan.loanCode}`)).json().loans;
    expect(await dateOf()).toBe(eightDaysAgo);
    expect(await overdueEightDays()).toHaveLength(1);
    expect((await api.pay(cast.admin.headers, loan.id, 1)).statusCode).toBe(200);
    // The payment's transaction left the loan's row alone; its EMI change waits in the outbox.
    expect(await dateOf()).toBe(eightDaysAgo);
    // The list brings the fold up to its moment: seven days overdue now, not eight.
    expect(await overdueEightDays()).toEqual([]);
    expect(await dateOf()).toBe(sevenDaysAgo);
    expect(await keptFigureMismatches(t.db, 20, projected)).toEqual([]);
  });

  it('answers the dashboard exactly right after a payment, as of the catch-up it made', async () => {
    const { t, cast, api } = await book;
    const { loan } = await createLoan(t.db, { customer: cast.customerB });
    const before = (await api.get(cast.admin.headers, '/api/stats/revenue')).json();
    expect((await api.pay(cast.admin.headers, loan.id, 1, { late_charge_amount: 5 })).statusCode).toBe(200);
    const after = (await api.get(cast.admin.headers, '/api/stats/revenue')).json();
    expect(after.penaltiesCollected).toBe(before.penaltiesCollected + 5);
    expect(Date.parse(after.as_of)).toBeGreaterThanOrEqual(Date.parse(before.as_of));
  });

  it('folds in small batches to the same figure as in one, and a rebuild moves the watermark without counting twice', async () => {
    const { t, cast } = await book;
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    await catchUpFully(t.db, ledgerDays);
    await writeRows(t.db, loan.id, 7);
    // Batches of at most two rows: the figure equals its definition after every one.
    let folded = 0;
    for (let tries = 0; folded < 7; tries += 1) {
      const batch = await catchUp(t.db, ledgerDays, { batchRows: 2, maxBatches: 1 });
      expect(batch.folded).toBeLessThanOrEqual(2);
      folded += batch.folded;
      expect(await keptFigureMismatches(t.db, 20, projected)).toEqual([]);
      if (tries > 300) throw new Error('the rows were never folded');
      if (batch.folded === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(folded).toBe(7);
    const whole = await keptRows(t.db);
    await t.db.execute(sql`select rebuild_ledger_day_totals()`);
    await catchUpFully(t.db, ledgerDays);
    expect(await keptRows(t.db)).toEqual(whole);
    expect(await foldedRowCount(t.db)).toBe(await ledgerRowCount(t.db));
  });

  it('runs by itself in the server’s loop and stops when asked', async () => {
    const { t, cast } = await book;
    const { loan } = await createLoan(t.db, { customer: cast.customerB });
    const projector = startProjector(t.db, pino({ level: 'silent' }), { pauseMs: 10 });
    await writeRows(t.db, loan.id, 3);
    for (let tries = 0; (await foldedRowCount(t.db)) !== (await ledgerRowCount(t.db)); tries += 1) {
      if (tries > 200) throw new Error('the projector loop did not fold the rows');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await projector.stop();
    expect(await keptFigureMismatches(t.db, 20, projected)).toEqual([]);
  });
});

describe('the projector with several processes on PostgreSQL', () => {
  it('writes no new version of its watermark while a long transaction holds the horizon and nothing moves', async () => {
    const fresh = await freshPostgresDatabase('projector_idle');
    const [app, long] = [openPostgres(fresh.url), openPostgres(fresh.url)];
    try {
      await app.migrate();
      await seedSystemAccounts(app.db, TEST_ADMIN);
      await createLoan(app.db);
      await catchUpFully(app.db, ledgerDays);
      const versions = new Set<string>();
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding = () => {};
      const started = new Promise<void>((resolve) => (holding = resolve));
      // An import's commit: one transaction with an id, open for as long as its rows take.
      const longTransaction = long.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_current_xact_id()`);
        holding();
        await held;
      });
      await started;
      for (let step = 0; step < 20; step += 1) {
        expect((await catchUp(app.db, ledgerDays)).folded).toBe(0);
        const [row] = rowsOf<{ version: string }>(
          await app.db.execute(sql`select ctid::text || ':' || xmin::text as version
            from kept_projections where figure = ${ledgerDays.figure}`),
        );
        versions.add(row?.version ?? '');
      }
      release();
      await longTransaction;
      // The first step may still move the watermark up to the long transaction (and another test's
      // transaction ending may move it once more); the other steps find it where it is.
      expect(versions.size).toBeLessThanOrEqual(3);
    } finally {
      await Promise.all([app.close(), long.close()]);
      await fresh.drop();
    }
  }, 120_000);

  it('never folds a row twice while two processes catch up and a third writes', async () => {
    const fresh = await freshPostgresDatabase('projector');
    const writer = openPostgres(fresh.url);
    const [a, b] = [openPostgres(fresh.url), openPostgres(fresh.url)];
    try {
      await writer.migrate();
      await seedSystemAccounts(writer.db, TEST_ADMIN);
      const { loan } = await createLoan(writer.db);
      await catchUpFully(a.db, ledgerDays);
      let writing = true;
      const folds: number[] = [];
      const follow = async (db: Db) => {
        while (writing) folds.push((await catchUp(db, ledgerDays, { batchRows: 3 })).folded);
      };
      const followers = [follow(a.db), follow(b.db)];
      // Several writers at once: their transactions finish out of id order.
      await Promise.all([1, 2, 3, 4].map(() => writeRows(writer.db, loan.id, 25)));
      writing = false;
      await Promise.all(followers);
      // A transaction of another test running on the same server holds the horizon for a moment.
      const last = await catchUpFully(a.db, ledgerDays);
      expect(await foldedRowCount(a.db)).toBe(await ledgerRowCount(a.db));
      expect(await keptFigureMismatches(a.db, 20, projected)).toEqual([]);
      // What both processes folded while the rows came in, and the rest after: each row exactly once.
      expect(folds.reduce((sum, n) => sum + n, 0) + last).toBe(100);
    } finally {
      await Promise.all([writer.close(), a.close(), b.close()]);
      await fresh.drop();
    }
  }, 120_000);
});
