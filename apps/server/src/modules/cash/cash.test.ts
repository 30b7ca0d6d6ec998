import { cashInHand, oldestHeldDay } from '@lending/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { novemberDay as at, okBody as ok, postJson } from '../../../test/support/books';
import { emiTestApp } from '../../../test/support/emi-api';
import type { Headers } from '../../../test/support/loan-api';
import { createLoan } from '../../../test/support/loans';
import { cashHandovers, type LoanRow } from '../../db/schema';
import { rowsOf } from '../../db/sql';

const { t, cast, api } = await emiTestApp();

type Position = {
  collector_id: number;
  in_hand: number;
  oldest_held_date: string | null;
  age_days: number | null;
};

const positions = async (): Promise<Position[]> =>
  ok(await api.get(cast.admin.headers, '/api/cash/positions')).positions;
const positionOf = async (id: number) => (await positions()).find((p) => p.collector_id === id);
const handover = (headers: Headers, body: object, key?: string) =>
  postJson(t, headers, '/api/cash/handovers', body, key);
const closeDay = (headers: Headers, body: object, key?: string) =>
  postJson(t, headers, '/api/cash/day-closes', body, key);

let loanA: LoanRow;
let loanB: LoanRow;
let agentA: number;
let agentB: number;
let admin: number;

/**
 * The known book: agent A collects ₹120 cash on the 18th and 19th and ₹120 by UPI on the 18th;
 * agent B ₹120 cash on the 18th; the admin forecloses a ₹120 × 10 loan in cash on the 19th (₹1,200).
 */
beforeAll(async () => {
  agentA = cast.agentA.user.id;
  agentB = cast.agentB.user.id;
  admin = cast.admin.user.id;
  loanA = (await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-18', totalEmiDays: 10 }))
    .loan;
  loanB = (await createLoan(t.db, { customer: cast.customerB, startDate: '2026-11-18', totalEmiDays: 10 }))
    .loan;
  const closing = (
    await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-18', totalEmiDays: 10 })
  ).loan;
  t.clock.set(at(18));
  ok(await api.pay(cast.agentA.headers, loanA.id, 1, { payment_mode: 'cash' }));
  ok(await api.pay(cast.agentA.headers, loanA.id, 2, { payment_mode: 'upi' }));
  ok(await api.pay(cast.agentB.headers, loanB.id, 1, { payment_mode: 'cash' }));
  t.clock.set(at(19));
  ok(await api.pay(cast.agentA.headers, loanA.id, 3, { payment_mode: 'cash' }));
  ok(
    await postJson(t, cast.admin.headers, `/api/loans/${closing.id}/foreclose`, {
      foreclosure_type: 'full',
      reason: 'Customer Request',
      payment_mode: 'cash',
    }),
  );
});

describe('cash positions', () => {
  it('count cash collections (payments and foreclosures) per collector, never other modes', async () => {
    expect(await positionOf(agentA)).toMatchObject({
      in_hand: 240,
      oldest_held_date: '2026-11-18',
      age_days: 1,
    });
    expect(await positionOf(agentB)).toMatchObject({ in_hand: 120, oldest_held_date: '2026-11-18' });
    expect(await positionOf(admin)).toMatchObject({
      in_hand: 1200,
      oldest_held_date: '2026-11-19',
      collected_today: { cash: 1200, upi: 0 },
    });
    const today = ok(await api.get(cast.agentA.headers, '/api/cash/positions/me'));
    expect(today.position).toMatchObject({ collector_id: agentA, collected_today: { cash: 120, upi: 0 } });
  });

  it('answers agents only their own position', async () => {
    expect((await api.get(cast.agentA.headers, '/api/cash/positions')).statusCode).toBe(403);
    expect((await api.get(cast.agentB.headers, '/api/cash/handovers')).statusCode).toBe(403);
    expect((await api.get(cast.agentB.headers, '/api/cash/day-closes')).statusCode).toBe(403);
    expect((await handover(cast.agentA.headers, { collector_id: agentB, amount: 1 })).statusCode).toBe(403);
    expect((await closeDay(cast.agentA.headers, { collector_id: agentA })).statusCode).toBe(403);
    expect((await api.get(cast.borrower.headers, '/api/cash/positions/me')).statusCode).toBe(403);
    const mine = ok(await api.get(cast.agentB.headers, '/api/cash/positions/me'));
    expect(mine.position).toMatchObject({ collector_id: agentB, in_hand: 120 });
  });
});

describe('handovers', () => {
  it('relieve the oldest cash first; a replay with the same key records nothing again', async () => {
    const body = { collector_id: agentA, amount: 100, note: 'evening' };
    const first = await handover(cast.admin.headers, body, 'hand-a-1');
    const again = await handover(cast.admin.headers, body, 'hand-a-1');
    expect(ok(first).handover).toMatchObject({ amount: 100, received_amount: 100, difference: 0 });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body));
    expect(await positionOf(agentA)).toMatchObject({ in_hand: 140, oldest_held_date: '2026-11-18' });
    const list = ok(await api.get(cast.admin.headers, `/api/cash/handovers?collector_id=${agentA}`));
    expect(list.total).toBe(1);
  });

  it('refuses more than the collector holds, to the paisa', async () => {
    const over = await handover(cast.admin.headers, { collector_id: agentA, amount: 140.01 });
    expect(over.statusCode).toBe(409);
    expect(JSON.parse(over.body).code).toBe('CASH_HANDOVER_EXCEEDS_HELD');
  });

  it('records a shortfall with its reason and refuses one without', async () => {
    t.clock.set(at(20));
    const silent = await handover(cast.superadmin, {
      collector_id: agentB,
      amount: 120,
      received_amount: 119.5,
    });
    expect(silent.statusCode).toBe(400);
    expect(JSON.parse(silent.body).code).toBe('CASH_DIFFERENCE_NEEDS_REASON');
    const short = ok(
      await handover(cast.superadmin, {
        collector_id: agentB,
        amount: 120,
        received_amount: 119.5,
        reason: 'a torn note',
      }),
    );
    expect(short.handover).toMatchObject({
      amount: 120,
      received_amount: 119.5,
      difference: -0.5,
      business_date: '2026-11-20',
    });
    expect(await positionOf(agentB)).toMatchObject({ in_hand: 0, oldest_held_date: null, age_days: null });
  });

  it('records an excess, and an admin never receives their own cash', async () => {
    const excess = ok(
      await handover(cast.admin.headers, {
        collector_id: agentA,
        amount: 140,
        received_amount: 150,
        reason: 'tip',
      }),
    );
    expect(excess.handover.difference).toBe(10);
    expect(await positionOf(agentA)).toMatchObject({ in_hand: 0 });
    const own = await handover(cast.admin.headers, { collector_id: admin, amount: 10 });
    expect(JSON.parse(own.body).code).toBe('CASH_HANDOVER_TO_SELF');
    const partial = ok(await handover(cast.superadmin, { collector_id: admin, amount: 200 }));
    expect(partial.handover.received_amount).toBe(200);
    expect(await positionOf(admin)).toMatchObject({
      in_hand: 1000,
      oldest_held_date: '2026-11-19',
      age_days: 1,
    });
  });

  it('agree with the domain rules run over the stored ledger rows and handovers', async () => {
    for (const id of [agentA, agentB, admin]) {
      const days = rowsOf<{ date: string; net: string }>(
        await t.db.execute(sql`
          select business_date::text as date, sum(case when kind = 'collected' then amount else -amount end) as net
          from loan_ledger where actor_id = ${id} and payment_mode = 'cash' and kind in ('collected', 'refund')
          group by 1`),
      ).map((day) => ({ date: day.date, net: Number(day.net) }));
      const handed = (await t.db.select().from(cashHandovers).where(eq(cashHandovers.collectorId, id))).map(
        (h) => ({ received: h.receivedAmount, difference: h.difference }),
      );
      const net = days.reduce((sum, day) => sum + day.net, 0);
      const relieved = handed.reduce((sum, h) => sum + h.received - h.difference, 0);
      expect(await positionOf(id)).toMatchObject({
        in_hand: cashInHand(net, handed) / 100,
        oldest_held_date: oldestHeldDay(days, relieved),
      });
    }
  });
});

describe('day close', () => {
  it('fixes the day by mode, handed over, difference and carried in hand', async () => {
    t.clock.set(at(20));
    ok(await api.pay(cast.agentA.headers, loanA.id, 4, { payment_mode: 'cash' }));
    ok(await api.pay(cast.agentA.headers, loanA.id, 5, { payment_mode: 'upi' }));
    const closed = ok(
      await closeDay(cast.admin.headers, { collector_id: agentA, note: 'all counted' }, 'close-a'),
    );
    expect(closed.day_close).toMatchObject({
      business_date: '2026-11-20',
      opening_in_hand: 140,
      collected: { cash: 120, upi: 120, bank_transfer: 0 },
      refunded: 0,
      handed_over: 140,
      received: 150,
      difference: 10,
      carried_in_hand: 120,
      note: 'all counted',
    });
    const replay = await closeDay(
      cast.admin.headers,
      { collector_id: agentA, note: 'all counted' },
      'close-a',
    );
    expect(JSON.parse(replay.body)).toEqual(closed);
    const twice = await closeDay(cast.admin.headers, { collector_id: agentA });
    expect(JSON.parse(twice.body).code).toBe('CASH_DAY_ALREADY_CLOSED');
    const read = ok(await api.get(cast.admin.headers, `/api/cash/day-closes/${closed.day_close.id}`));
    expect(read).toEqual(closed.day_close);
  });

  it('refuses a later payment or handover of that collector on that day; the next day takes it', async () => {
    const late = await api.pay(cast.agentA.headers, loanA.id, 6, { payment_mode: 'cash' });
    expect(late.statusCode).toBe(409);
    expect(JSON.parse(late.body)).toMatchObject({
      code: 'CASH_DAY_CLOSED',
      message: expect.stringContaining('collections after close belong to the next day'),
    });
    const hand = await handover(cast.admin.headers, { collector_id: agentA, amount: 10 });
    expect(JSON.parse(hand.body).code).toBe('CASH_DAY_CLOSED');
    // Agent B's day is open.
    ok(await api.pay(cast.agentB.headers, loanB.id, 2, { payment_mode: 'cash' }));
    t.clock.set(at(21));
    ok(await api.pay(cast.agentA.headers, loanA.id, 6, { payment_mode: 'cash' }));
    expect(await positionOf(agentA)).toMatchObject({
      in_hand: 240,
      oldest_held_date: '2026-11-20',
      age_days: 1,
    });
  });

  it('lists, refuses a future day and exports CSV and PDF', async () => {
    const future = await closeDay(cast.admin.headers, { collector_id: agentB, business_date: '2026-11-22' });
    expect(JSON.parse(future.body).code).toBe('CASH_DAY_IN_FUTURE');
    const unknown = await closeDay(cast.admin.headers, { collector_id: cast.borrower.user.id });
    expect(unknown.statusCode).toBe(404);
    ok(await closeDay(cast.admin.headers, { collector_id: agentB, business_date: '2026-11-20' }));
    const list = ok(await api.get(cast.admin.headers, '/api/cash/day-closes?from=2026-11-20&to=2026-11-20'));
    expect(list.total).toBe(2);
    const b = list.day_closes.find((c: { collector_id: number }) => c.collector_id === agentB);
    expect(b).toMatchObject({
      opening_in_hand: 120,
      handed_over: 120,
      received: 119.5,
      difference: -0.5,
      carried_in_hand: 120,
    });
    const csv = await api.get(cast.admin.headers, `/api/cash/day-closes/export/csv?collector_id=${agentA}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('2026-11-20');
    expect(lines[1]).toContain(',140.00,120.00,120.00,');
    const pdf = await api.get(cast.admin.headers, '/api/cash/day-closes/export/pdf');
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
