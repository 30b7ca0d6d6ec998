import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { idempotencyKeys, loginAttempts } from '../../db/schema';
import { runHousekeeping } from './service';

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

    expect(await runHousekeeping(t.db, t.clock)).toEqual({ ran: true, idempotencyKeys: 1, loginAttempts: 1 });
    expect((await t.db.select().from(idempotencyKeys)).map((row) => row.key)).toEqual(['recent']);
    expect((await t.db.select().from(loginAttempts)).map((row) => row.key).sort()).toEqual([
      'email:fresh@example.com',
      'email:locked@example.com',
    ]);
  });
});

describe('housekeeping across processes', () => {
  it('never runs twice at once and always releases the job (PGlite serialises; PostgreSQL uses a pool)', async () => {
    const results = await Promise.all([runHousekeeping(t.db, t.clock), runHousekeeping(t.db, t.clock)]);
    expect(results.filter((result) => result.ran).length).toBeGreaterThanOrEqual(1);
    // Whatever the interleaving, a later run finds the lock free again.
    expect((await runHousekeeping(t.db, t.clock)).ran).toBe(true);
  });
});
