import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import type { Executor } from '../../db/client';
import { idempotencyKeys, loginAttempts } from '../../db/schema';
import { tryTransactionLock } from '../../db/sql';
import { type HousekeepingResult, runHousekeeping } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('housekeeping', () => {
  it('drops idempotency keys after 48 hours and sign-in counters that no longer count', async () => {
    const user = await createUser(t.db);
    const now = t.clock.now().getTime();
    const hoursAgo = (hours: number) => new Date(now - hours * 3_600_000);
    await t.db.insert(idempotencyKeys).values([
      {
        userId: user.id,
        key: 'old',
        fingerprint: 'f',
        statusCode: 200,
        response: {},
        createdAt: hoursAgo(49),
      },
      {
        userId: user.id,
        key: 'recent',
        fingerprint: 'f',
        statusCode: 200,
        response: {},
        createdAt: hoursAgo(25),
      },
    ]);
    await t.db.insert(loginAttempts).values([
      { key: 'email:stale@example.com', failures: 2, windowStartedAt: hoursAgo(30) },
      {
        key: 'email:locked@example.com',
        failures: 9,
        windowStartedAt: hoursAgo(30),
        lockedUntil: hoursAgo(-1),
      },
      { key: 'email:fresh@example.com', failures: 1, windowStartedAt: hoursAgo(1) },
    ]);

    expect(await runHousekeeping(t.db, t.clock)).toEqual({
      ran: true,
      idempotencyKeys: 1,
      loginAttempts: 1,
      auditRowsCounted: expect.any(Number),
      portfolioDaysStored: expect.any(Number),
    });
    expect((await t.db.select().from(idempotencyKeys)).map((row) => row.key)).toEqual(['recent']);
    expect((await t.db.select().from(loginAttempts)).map((row) => row.key).sort()).toEqual([
      'email:fresh@example.com',
      'email:locked@example.com',
    ]);
  });
});

describe('housekeeping across processes', () => {
  const seedExpiredKey = async (key: string) => {
    const user = await createUser(t.db);
    await t.db.insert(idempotencyKeys).values({
      userId: user.id,
      key,
      fingerprint: 'f',
      statusCode: 200,
      response: {},
      createdAt: new Date(t.clock.now().getTime() - 49 * 3_600_000),
    });
  };
  const keys = async (db: Executor = t.db) =>
    (await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((row) => row.key);
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('skips the job while another process holds it, and runs once it is released', async () => {
    await seedExpiredKey('held-back');
    let run: Promise<HousekeepingResult> | undefined;
    let settled = false;
    await t.db.transaction(async (holder) => {
      // Another process in the middle of the job: it holds the job's lock until its transaction ends.
      expect(await tryTransactionLock(holder, 'job:housekeeping')).toBe(true);
      if (t.databaseKind === 'postgres') {
        // A second connection from the pool: the lock is taken, so the run gives up at once.
        expect(await runHousekeeping(t.db, t.clock)).toEqual({
          ran: false,
          idempotencyKeys: 0,
          loginAttempts: 0,
          auditRowsCounted: 0,
          portfolioDaysStored: 0,
        });
      } else {
        // PGlite has one connection, on which a lock never excludes its own holder; what keeps two
        // runs apart there is that it runs one transaction at a time, so a run must wait for this one.
        run = runHousekeeping(t.db, t.clock).finally(() => {
          settled = true;
        });
        for (let turn = 0; turn < 20; turn += 1) {
          await nextTurn();
          expect(await keys(holder)).toContain('held-back');
        }
        expect(settled).toBe(false);
      }
      expect(await keys(holder)).toContain('held-back');
    });
    const released = run ?? runHousekeeping(t.db, t.clock);
    expect(await released).toEqual({
      ran: true,
      idempotencyKeys: 1,
      loginAttempts: 0,
      auditRowsCounted: expect.any(Number),
      portfolioDaysStored: expect.any(Number),
    });
    expect(await keys()).not.toContain('held-back');
  });

  it('holds the job only for its own transaction, so the next run finds it free', async () => {
    await runHousekeeping(t.db, t.clock);
    const advisoryLocks = await t.db.execute(
      sql`select count(*)::int as held from pg_locks where locktype = 'advisory'
          and database = (select oid from pg_database where datname = current_database())`,
    );
    expect((advisoryLocks as unknown as { rows: { held: number }[] }).rows[0]?.held).toBe(0);
    await seedExpiredKey('next-hour');
    expect(await runHousekeeping(t.db, t.clock)).toEqual({
      ran: true,
      idempotencyKeys: 1,
      loginAttempts: 0,
      auditRowsCounted: expect.any(Number),
      portfolioDaysStored: expect.any(Number),
    });
  });
});
