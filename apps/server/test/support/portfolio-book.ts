import { addDays } from '@lending/domain';
import { expect } from 'vitest';
import { catchUpEveryFigure } from '../../src/modules/read-model';
import { emiTestApp } from './emi-api';
import { createUser } from './factories';
import { createLoan } from './loans';
import { longSession } from './sessions';

/**
 * A known book over 100 days, every loan ₹100 a day for 100 days from day 0 (2026-11-21), ₹8,000 lent
 * (so the principal share of instalment money is exactly 80%). Money is recorded through the API on
 * the day it happens, with the clock moved day by day:
 * - onTime (agent A): EMI d+1 paid on day d, every day;
 * - late (agent A): nothing until day 20, then one EMI a day from EMI 1;
 * - bounced (agent B): EMIs 1–10 on time, EMI 11 bounced on day 10 (₹50 charge), then nothing;
 * - partial (agent B): EMIs 1–5 on time, ₹40 of EMI 6 on day 5, then nothing;
 * - foreclosed (agent A): EMIs 1–3 on time, foreclosed in full on day 30;
 * - unpaid (no agent): nothing at all.
 */
export const buildPortfolioBook = async (
  /** Called at the end of each day, after its money (housekeeping's hourly run, as on a server). */
  endOfDay: (t: Awaited<ReturnType<typeof emiTestApp>>['t'], d: number) => Promise<void> = async () => {},
) => {
  const { t, cast, api } = await emiTestApp();
  const DAY0 = '2026-11-21';
  const day = (n: number) => addDays(DAY0, n);
  /** A session that outlives the 100 days the clock moves through. */
  const sessionOf = (userId: number) => longSession(t, userId);
  const admin = await sessionOf(cast.admin.user.id);
  const book = { loanAmountPaise: 800_000, perDayEmiPaise: 10_000, totalEmiDays: 100, startDate: DAY0 };
  const loanOf = async (customer: Awaited<ReturnType<typeof createUser>>) =>
    (await createLoan(t.db, { ...book, customer })).loan;

  const onTime = await loanOf(cast.customerA);
  const late = await loanOf(await createUser(t.db, { agentId: cast.agentA.user.id }));
  const bounced = await loanOf(cast.customerB);
  const partial = await loanOf(await createUser(t.db, { agentId: cast.agentB.user.id }));
  const foreclosed = await loanOf(await createUser(t.db, { agentId: cast.agentA.user.id }));
  const unpaid = await loanOf(await createUser(t.db, { agentId: null, name: 'Walk-in Borrower' }));

  const get = async (url: string) => {
    const response = await api.get(admin, url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const pay = async (loanId: number, n: number, body: Record<string, unknown> = {}) => {
    const response = await api.pay(admin, loanId, n, body);
    expect(response.statusCode, response.body).toBe(200);
  };

  const seenOnDay: Record<number, unknown> = {};
  const lastDay = 95;
  for (let d = 0; d <= lastDay; d += 1) {
    if (d > 0) t.clock.advance(86_400_000);
    await pay(onTime.id, d + 1);
    if (d >= 20) await pay(late.id, d - 19);
    if (d < 10) await pay(bounced.id, d + 1);
    if (d === 10) {
      const response = await api.bounce(admin, bounced.id, 11, {
        reason: 'Insufficient funds',
        late_charges: '50',
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    if (d < 5) await pay(partial.id, d + 1);
    if (d === 5) await pay(partial.id, 6, { payment_type: 'partial', payment_amount: '40' });
    if (d < 3) await pay(foreclosed.id, d + 1);
    if (d === 30) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/loans/${foreclosed.id}/foreclose`,
        headers: admin,
        payload: { foreclosure_type: 'full', reason: 'Customer Request' },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    if (d === 29) seenOnDay[29] = await get('/api/portfolio/summary');
    if (d === 40) seenOnDay[40] = await get('/api/portfolio/efficiency?period=month');
    // The day's money in every kept figure, as a server's projector would have it by the hour's end.
    await catchUpEveryFigure(t.db);
    await endOfDay(t, d);
  }

  return {
    t,
    cast,
    api,
    admin,
    sessionOf,
    get,
    day,
    lastDay,
    seenOnDay,
    loans: { onTime, late, bounced, partial, foreclosed, unpaid },
  };
};

/** Amounts per agent summed, agents with nothing left out, in a stable order (to compare two sources). */
export const agentSums = (rows: readonly { agentId: number | null; amount: number }[]) =>
  Object.fromEntries(
    [
      ...rows.reduce(
        (m, r) => m.set(r.agentId, (m.get(r.agentId) ?? 0) + r.amount),
        new Map<number | null, number>(),
      ),
    ]
      .filter(([, amount]) => amount !== 0)
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
