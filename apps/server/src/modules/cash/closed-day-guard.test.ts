import { CASH_REFUSALS } from '@lending/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { novemberDay as at, okBody as ok, postJson } from '../../../test/support/books';
import { emiTestApp } from '../../../test/support/emi-api';
import { createLoan } from '../../../test/support/loans';
import { rowsOf } from '../../db/sql';

// A path that skips the services' closed-day check: the check always finds the day open.
vi.mock('./repository', async (original) => {
  const always = (await import('drizzle-orm')).sql<boolean>`true`;
  return {
    ...(await original<typeof import('./repository')>()),
    isDayClosed: async () => false,
    lockCollectorDayOpen: async () => true,
    cashDayOpenColumn: () => always,
  };
});

const { t, cast, api } = await emiTestApp();

describe('the database guard of a closed cash day', () => {
  it('refuses a cash row on a closed day with 409 CASH_DAY_CLOSED, writing nothing', async () => {
    const loan = (
      await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-18', totalEmiDays: 10 })
    ).loan;
    t.clock.set(at(18));
    ok(await api.pay(cast.agentA.headers, loan.id, 1, { payment_mode: 'cash' }));
    ok(await postJson(t, cast.admin.headers, '/api/cash/day-closes', { collector_id: cast.agentA.user.id }));
    const rows = async () =>
      Number(
        rowsOf<{ n: number }>(
          await t.db.execute(sql`select count(*)::int as n from loan_ledger where loan_id = ${loan.id}`),
        )[0]?.n,
      );
    const before = await rows();
    const late = await api.pay(cast.agentA.headers, loan.id, 2, { payment_mode: 'cash' });
    expect(late.statusCode, late.body).toBe(409);
    // The catalogue's message, not the service's dated one: the database refused it.
    expect(JSON.parse(late.body)).toEqual({
      code: 'CASH_DAY_CLOSED',
      message: CASH_REFUSALS.CASH_DAY_CLOSED,
    });
    expect(await rows()).toBe(before);
  });
});
