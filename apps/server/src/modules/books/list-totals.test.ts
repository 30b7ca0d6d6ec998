import { foreclose } from '@lending/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emiApi, expectOk } from '../../../test/support/emi-api';
import { createUser } from '../../../test/support/factories';
import { type LoanCast, loanTestApp } from '../../../test/support/loan-api';
import { applyToLoan, createLoan } from '../../../test/support/loans';
import type { TestApp } from '../../../test/support/test-app';
import { rowsOf } from '../../db/sql';
import { catchUpEveryFigure } from '../read-model';
import { verifyBooks } from './index';

let t: TestApp;
let cast: LoanCast;
const TODAY = '2026-11-21';

/** The kept EMI state rows that count something (shards summed), as text for an exact comparison. */
const keptStates = async () => {
  // The EMI states are folded in by the projector after each change: brought up to date first.
  await catchUpEveryFigure(t.db);
  return rowsOf(
    await t.db.execute(sql`
      select emi_date::text, agent_id, status, open, sum(emis)::text as emis, sum(amount)::text as amount,
        sum(late_charge)::text as late_charge, sum(late_charged)::text as late_charged
      from emi_state_totals group by 1, 2, 3, 4 having sum(emis) <> 0 order by 1, 2, 3, 4`),
  );
};

/** The same rows recomputed here from the EMIs of approved loans and their customers' agents. */
const statesFromEmis = async () =>
  rowsOf(
    await t.db.execute(sql`
      select e.emi_date::text, coalesce(c.agent_id, 0) as agent_id, e.status,
        e.status = 'pending' or (e.status = 'bounced' and e.dues_with is not null and e.dues_with = e.emi_number) as open,
        count(*)::text as emis, sum(e.amount)::text as amount, sum(e.late_charge)::text as late_charge,
        (count(*) filter (where e.late_charge > 0))::text as late_charged
      from emis e join loans l on l.id = e.loan_id join users c on c.id = l.customer_id
      where l.status = 'approved' group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );

const keptBounces = async () =>
  rowsOf(
    await t.db.execute(sql`
      select bounce_status, sum(emis)::text as emis, sum(amount)::text as amount
      from emi_bounce_totals group by 1 having sum(emis) <> 0 order by 1`),
  );

const bouncesFromEmis = async () =>
  rowsOf(
    await t.db.execute(sql`
      select bounce_status, count(*)::text as emis, sum(amount)::text as amount
      from emis where bounce_status is not null group by 1 order by 1`),
  );

/** Payments Due's cards over a filter, recomputed from the EMIs (rupees, as the API answers). */
const dueCardsFromEmis = async (where: ReturnType<typeof sql>, agentId?: number) => {
  const [row] = rowsOf<Record<string, string | number>>(
    await t.db.execute(sql`
      select count(*)::int as total,
        coalesce(sum(e.amount + e.late_charge) filter (where e.status = 'pending'), 0)::text as total_to_collect,
        (count(*) filter (where e.late_charge > 0))::int as overdue,
        (count(*) filter (where e.status = 'pending'))::int as pending,
        coalesce(sum(e.late_charge), 0)::text as late_charges,
        (count(*) filter (where e.status = 'pending' or (e.status = 'bounced' and e.dues_with = e.emi_number)))::int
          as open_count,
        coalesce(sum(e.amount + e.late_charge) filter (where e.status = 'pending'
          or (e.status = 'bounced' and e.dues_with = e.emi_number)), 0)::text as open_amount
      from emis e join loans l on l.id = e.loan_id and l.status = 'approved' join users c on c.id = l.customer_id
      where ${where} and (${agentId ?? null}::int is null or c.agent_id = ${agentId ?? null}::int)`),
  );
  const rupees = (paise: string | number | undefined) => Number(paise) / 100;
  return {
    total: row?.total,
    totals: {
      total_to_collect: rupees(row?.total_to_collect),
      overdue: row?.overdue,
      pending: row?.pending,
      late_charges: rupees(row?.late_charges),
      open_count: row?.open_count,
      open_amount: rupees(row?.open_amount),
    },
  };
};

const getJson = async (url: string, headers: Record<string, string>) => {
  const answer = await t.app.inject({ method: 'GET', url, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};

/**
 * A book with every change the kept rows follow: payments of each kind, bounces (one recovered, one
 * still owed, one whose dues moved on), charges cleared, a foreclosure, a loan approved late and one
 * closed, a customer without an agent, a customer moved to another agent and back, and one moved for good.
 */
beforeAll(async () => {
  ({ t, cast } = await loanTestApp());
  const api = emiApi(t);
  const admin = cast.admin.headers;
  const lone = await createUser(t.db, { name: 'Lone Customer', agentId: null });
  const start = '2026-11-15';
  const busy = (await createLoan(t.db, { customer: cast.customerA, startDate: start, totalEmiDays: 20 }))
    .loan;
  const other = (await createLoan(t.db, { customer: cast.customerB, startDate: start, totalEmiDays: 20 }))
    .loan;
  const agentless = (await createLoan(t.db, { customer: lone, startDate: start, totalEmiDays: 10 })).loan;
  const late = (
    await createLoan(t.db, {
      customer: cast.customerA,
      startDate: start,
      totalEmiDays: 10,
      status: 'processing',
    })
  ).loan;
  const settled = (await createLoan(t.db, { customer: cast.customerB, startDate: start, totalEmiDays: 10 }))
    .loan;
  const closing = (await createLoan(t.db, { customer: cast.customerA, startDate: start, totalEmiDays: 10 }))
    .loan;
  const moved = await createUser(t.db, { name: 'Moved Customer', agentId: cast.agentB.user.id });
  await createLoan(t.db, { customer: moved, startDate: start, totalEmiDays: 10 });
  const calls = [
    () => api.pay(admin, busy.id, 1, { payment_type: 'full', payment_mode: 'upi' }),
    () => api.bounce(admin, busy.id, 2, { late_charges: 50 }),
    () => api.pay(admin, busy.id, 2, { payment_type: 'full' }),
    () => api.pay(admin, busy.id, 3, { payment_type: 'partial', payment_amount: 100 }),
    () => api.pay(admin, busy.id, 4, { payment_type: 'emi_only' }),
    () => api.bounce(admin, other.id, 1, { late_charges: 30 }),
    () => api.bounce(admin, other.id, 2, { late_charges: 10 }),
    () => api.clearAll(admin, other.id, { amount: 160 }),
    () => api.bounce(admin, agentless.id, 3, { late_charges: 25 }),
    () => api.pay(admin, agentless.id, 1, {}),
  ];
  for (const call of calls) expectOk(await call());
  await applyToLoan(t.db, settled.id, (state) => foreclose(state, { type: 'settlement', amount: 50_000 }));
  await t.db.execute(sql`update loans set status = 'approved' where id = ${late.id}`);
  await t.db.execute(sql`update loans set status = 'closed' where id = ${closing.id}`);
  await t.db.execute(sql`update users set agent_id = ${cast.agentA.user.id} where id = ${cast.customerB.id}`);
  await t.db.execute(sql`update users set agent_id = ${cast.agentB.user.id} where id = ${cast.customerB.id}`);
  await t.db.execute(sql`update users set agent_id = ${cast.agentA.user.id} where id = ${moved.id}`);
});
afterAll(() => t.close());

describe("the lists' kept totals", () => {
  it('equal the EMIs recomputed after payments, bounces, clears, a foreclosure and status and agent changes', async () => {
    const [strays] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from loans l join users c on c.id = l.customer_id
        where l.agent_id is distinct from c.agent_id`),
    );
    expect(strays?.n).toBe(0);
    const states = await statesFromEmis();
    expect(states.length).toBeGreaterThan(10);
    expect(await keptStates()).toEqual(states);
    const bounces = await bouncesFromEmis();
    expect(bounces.map((row) => (row as { bounce_status: string }).bounce_status)).toEqual(
      expect.arrayContaining(['bounced', 'recovered', 'waived']),
    );
    expect(await keptBounces()).toEqual(bounces);
  });

  it("answer Payments Due's cards as the EMIs sum them, for everyone and for an agent", async () => {
    const filters = [
      { query: `date=${TODAY}`, where: sql`e.emi_date = ${TODAY}::date and e.status = 'pending'` },
      {
        query: `date=${TODAY}&dates=before&status=open`,
        where: sql`e.emi_date < ${TODAY}::date
          and (e.status = 'pending' or (e.status = 'bounced' and e.dues_with = e.emi_number))`,
      },
      {
        query: `date=2026-11-15&dates=range&to=2026-11-20&status=due`,
        where: sql`e.emi_date between '2026-11-15'
          and '2026-11-20' and e.status <> 'foreclosed'`,
      },
      { query: 'dates=any&status=bounced', where: sql`e.status = 'bounced'` },
      { query: 'dates=any&status=paid', where: sql`e.status = 'paid'` },
    ];
    for (const { query, where } of filters) {
      const everyone = await getJson(`/api/loans/emis/due?${query}`, cast.admin.headers);
      expect({ total: everyone.total, totals: everyone.totals }, query).toEqual(
        await dueCardsFromEmis(where),
      );
      const own = await getJson(`/api/loans/emis/due?${query}`, cast.agentA.headers);
      expect({ total: own.total, totals: own.totals }, query).toEqual(
        await dueCardsFromEmis(where, cast.agentA.user.id),
      );
    }
  });

  it("answer an agent's overdue cards and Bounced EMIs' cards as the rows count them", async () => {
    for (const agent of [cast.agentA, cast.agentB]) {
      const [expected] = rowsOf<{ total: number; loans: number; due: string }>(
        await t.db.execute(sql`
          select count(*)::int as total, count(distinct e.loan_id)::int as loans,
            coalesce(sum(e.amount + e.late_charge), 0)::text as due
          from emis e join loans l on l.id = e.loan_id and l.status = 'approved' join users c on c.id = l.customer_id
          where c.agent_id = ${agent.user.id} and e.emi_date < ${TODAY}::date
            and (e.status = 'pending' or (e.status = 'bounced' and e.dues_with = e.emi_number))`),
      );
      const answer = await getJson('/api/loans/dashboard/agent', agent.headers);
      expect(expected?.total).toBeGreaterThan(0);
      expect([answer.totalCount, answer.overdueLoans, answer.totalDue]).toEqual([
        expected?.total,
        expected?.loans,
        Number(expected?.due) / 100,
      ]);
    }
    const [bounced] = rowsOf<Record<string, string>>(
      await t.db.execute(sql`
        select count(*)::int as total, (count(*) filter (where bounce_status = 'bounced'))::int as pending,
          (count(*) filter (where bounce_status = 'recovered'))::int as recovered,
          (count(*) filter (where bounce_status = 'waived'))::int as waived,
          (count(*) filter (where bounce_status = 'written_off'))::int as written_off, sum(amount)::text as amount
        from emis where bounce_status is not null`),
    );
    const stats = await getJson('/api/loans/bounced-emis/stats', cast.superadmin);
    expect(stats).toEqual({
      totalBounced: bounced?.total,
      pendingRecovery: bounced?.pending,
      recovered: bounced?.recovered,
      waived: bounced?.waived,
      writtenOff: bounced?.written_off,
      totalAmount: Number(bounced?.amount) / 100,
    });
    expect((await getJson('/api/loans/bounced-emis', cast.superadmin)).total).toBe(bounced?.total);
  });

  it('are checked by verify, which names a row changed behind their back until they are rebuilt', async () => {
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
    await t.db.execute(sql`
      update emi_state_totals set amount = amount + 1
      where emi_date = ${TODAY}::date and agent_id = ${cast.agentA.user.id} and status = 'pending'`);
    await t.db.execute(sql`update emi_bounce_totals set emis = emis + 1 where bounce_status = 'recovered'`);
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([
      `EMI states ${TODAY} of agent ${cast.agentA.user.id}`,
      'bounced EMIs recovered',
    ]);
    await t.db.execute(sql`select rebuild_list_totals()`);
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
    // A loan's agent is set from its customer by a trigger, which is turned off to change it behind it.
    await t.db.execute(sql`alter table loans disable trigger loans_agent_set`);
    const [loan] = rowsOf<{ id: number; loan_code: string }>(
      await t.db.execute(sql`
        update loans set agent_id = ${cast.agentB.user.id}
        where id = (select min(l.id) from loans l where l.customer_id = ${cast.customerA.id}) returning id, loan_code`),
    );
    await t.db.execute(sql`alter table loans enable trigger loans_agent_set`);
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([`agent of ${loan?.loan_code}`]);
    await t.db.execute(sql`update loans set agent_id = null where id = ${loan?.id}`);
    expect((await verifyBooks(t.db)).dayTotalsDiffering).toEqual([]);
  });
});
