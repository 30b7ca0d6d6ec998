import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { novemberDay as at, okBody as ok } from '../../../test/support/books';
import { emiTestApp } from '../../../test/support/emi-api';
import { createLoan } from '../../../test/support/loans';
import { rowsOf } from '../../db/sql';

// The collector's closed-day lock, taken with the loan's lock inside every cash payment's transaction,
// is where this test makes PostgreSQL's deadlock appear: `left` more times, then the real lock. The
// statement then calls a function that fails as a deadlock does (SQLSTATE 40P01).
const deadlocks = vi.hoisted(() => ({ left: 0, calls: 0 }));
vi.mock('./repository', async (original) => {
  const real = await original<typeof import('./repository')>();
  const deadlocked = (await import('drizzle-orm')).sql<boolean>`test_deadlock_detected()`;
  return {
    ...real,
    cashDayOpenColumn: (...args: Parameters<typeof real.cashDayOpenColumn>) => {
      deadlocks.calls += 1;
      if (deadlocks.left === 0) return real.cashDayOpenColumn(...args);
      deadlocks.left -= 1;
      return deadlocked;
    },
  };
});

const { t, cast, api } = await emiTestApp();
await t.db.execute(sql`
  create function test_deadlock_detected() returns boolean language plpgsql as $$
  begin raise exception 'deadlock detected' using errcode = '40P01'; end $$`);
afterAll(async () => {
  await t.db.execute(sql`drop function test_deadlock_detected()`);
});

const countOf = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await t.db.execute(query))[0]?.n);

const written = async (loanId: number) => ({
  ledger: await countOf(sql`select count(*)::int as n from loan_ledger where loan_id = ${loanId}`),
  payments: await countOf(sql`select count(*)::int as n from emi_payments where loan_id = ${loanId}`),
  audit: await countOf(
    sql`select count(*)::int as n from audit_logs where action = 'emi_paid' and resource_id = ${String(loanId)}`,
  ),
});

/** A loan with EMI 1 due today (18 November), its payment to meet `deadlocks` deadlocks first. */
const dueWithDeadlocks = async (count: number) => {
  const { loan } = await createLoan(t.db, {
    customer: cast.customerA,
    startDate: '2026-11-18',
    totalEmiDays: 10,
  });
  t.clock.set(at(18));
  const before = await written(loan.id);
  deadlocks.left = count;
  deadlocks.calls = 0;
  return { loan, before };
};

describe('a payment PostgreSQL aborts for a deadlock', () => {
  it('runs again and pays once', async () => {
    const { loan, before } = await dueWithDeadlocks(1);
    ok(await api.pay(cast.agentA.headers, loan.id, 1, { payment_mode: 'cash' }, 'deadlock-once'));
    expect(deadlocks.calls).toBe(2);
    const after = await written(loan.id);
    expect(after.payments - before.payments).toBe(1);
    expect(after.audit - before.audit).toBe(1);
    expect(after.ledger).toBeGreaterThan(before.ledger);
    // The same key again answers the stored outcome and writes nothing more.
    ok(await api.pay(cast.agentA.headers, loan.id, 1, { payment_mode: 'cash' }, 'deadlock-once'));
    expect(await written(loan.id)).toEqual(after);
  });

  it('answers 503 DATABASE_BUSY after three aborted runs, writing nothing; the key then pays once', async () => {
    const { loan, before } = await dueWithDeadlocks(3);
    const busy = await api.pay(cast.agentA.headers, loan.id, 1, { payment_mode: 'cash' }, 'deadlock-always');
    expect(busy.statusCode, busy.body).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(JSON.parse(busy.body)).toMatchObject({ code: 'DATABASE_BUSY' });
    expect(deadlocks.calls).toBe(3);
    expect(await written(loan.id)).toEqual(before);
    ok(await api.pay(cast.agentA.headers, loan.id, 1, { payment_mode: 'cash' }, 'deadlock-always'));
    expect((await written(loan.id)).payments - before.payments).toBe(1);
  });
});
