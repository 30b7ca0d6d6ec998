import { addDays } from '@lending/domain';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../../test/support/constants';
import { emiTestApp, expectOk } from '../../../test/support/emi-api';
import { createUser } from '../../../test/support/factories';
import { jobReaches, QUICK_QUEUE } from '../../../test/support/jobs';
import { createLoan } from '../../../test/support/loans';
import { longSession } from '../../../test/support/sessions';
import { rowsOf } from '../../db/sql';
import { type JobQueue, startJobQueue } from '../jobs';
import { findUserWithRoleByEmail } from '../users';
import { closeBusinessDay, dayEndClose, enqueueDueCloses } from './index';

/**
 * The day-end close on a small book (₹100 a day for 200 days, nothing paid unless said), the clock
 * at noon in India on 2026-11-21. Day D = 2026-11-20 is the first day closed; each loan's start
 * sets its days past due on D.
 */
const { t, cast: people, api } = await emiTestApp();
// Sessions that outlive the week the clock moves through.
const headersOf = async (who: { user: { id: number } }) => ({
  ...who,
  headers: await longSession(t, who.user.id),
});
const cast = {
  ...people,
  admin: await headersOf(people.admin),
  agentA: await headersOf(people.agentA),
  agentB: await headersOf(people.agentB),
  borrower: await headersOf(people.borrower),
};
const D = '2026-11-20';
const terms = { perDayEmiPaise: 10_000, totalEmiDays: 200, loanAmountPaise: 1_600_000 };
/** A loan of a borrower of its own (agent A's) unless one is given, so no borrower rule reaches it by chance. */
const loanStarting = async (daysBeforeD: number, customer?: Awaited<ReturnType<typeof createUser>>) =>
  (
    await createLoan(t.db, {
      ...terms,
      customer: customer ?? (await createUser(t.db, { agentId: cast.agentA.user.id })),
      startDate: addDays(D, -daysBeforeD),
    })
  ).loan;

const standard = await loanStarting(0);
const edges = {
  sma0From: await loanStarting(1),
  sma0To: await loanStarting(30),
  sma1From: await loanStarting(31),
  sma1To: await loanStarting(60),
  sma2From: await loanStarting(61),
  sma2To: await loanStarting(90),
};
// Chitra's first loan is 91 days past due on D; her second started on D.
const chitra = await createUser(t.db, { agentId: cast.agentB.user.id, name: 'Chitra Npa' });
const npa = await loanStarting(91, chitra);
const chitraSecond = await loanStarting(0, chitra);

const run = { jobId: null, startedBy: null, now: t.clock.now };
const seeded = await findUserWithRoleByEmail(t.db, TEST_ADMIN.email);
const superadmin = await longSession(t, seeded?.user.id ?? 0);
const get = async (url: string, headers = cast.admin.headers) => {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const payEmis = async (loanId: number, from: number, to: number) => {
  for (let n = from; n <= to; n += 1) expectOk(await api.pay(cast.admin.headers, loanId, n));
};
const nextDay = () => t.clock.advance(86_400_000);
type Row = { loanId: number; loanClass: string; ownClass: string; byBorrower: boolean; daysPastDue: number };
const registerOf = async (day: string): Promise<Row[]> =>
  (await get(`/api/classification/register?date=${day}&pageSize=500`)).rows;
const classOf = (rows: Row[], loanId: number) => rows.find((row) => row.loanId === loanId);

describe('the day-end close', () => {
  it("classes every loan by its days past due at each class's edges, and the borrower's other loans NPA", async () => {
    expect(await closeBusinessDay(t.db, D, run)).toMatchObject({ day: D, loans: 9, changes: 8 });
    const rows = await registerOf(D);
    const expected: [number, string, number][] = [
      [edges.sma0From.id, 'sma0', 1],
      [edges.sma0To.id, 'sma0', 30],
      [edges.sma1From.id, 'sma1', 31],
      [edges.sma1To.id, 'sma1', 60],
      [edges.sma2From.id, 'sma2', 61],
      [edges.sma2To.id, 'sma2', 90],
      [npa.id, 'npa', 91],
    ];
    for (const [loanId, loanClass, days] of expected)
      expect(classOf(rows, loanId), String(loanId)).toMatchObject({
        loanClass,
        daysPastDue: days,
        byBorrower: false,
      });
    expect(classOf(rows, chitraSecond.id)).toMatchObject({
      loanClass: 'npa',
      ownClass: 'standard',
      byBorrower: true,
    });
    expect(classOf(rows, standard.id)).toBeUndefined();
  });

  it('totals every class over the whole book, standard included, and answers the NPA share', async () => {
    const page = await get(`/api/classification/register?date=${D}`);
    const loansOf = (c: string) =>
      page.classes.find((row: { loanClass: string }) => row.loanClass === c).loans;
    expect(['standard', 'sma0', 'sma1', 'sma2', 'npa'].map(loansOf)).toEqual([1, 2, 2, 2, 2]);
    const summary = await get('/api/classification/summary');
    expect(summary.asOf).toBe(D);
    // Nothing paid: each loan's outstanding is its ₹16,000 lent; 2 of 9 loans are NPA.
    expect(summary).toMatchObject({ outstanding: 144_000, npaOutstanding: 32_000, npaShare: 22.22 });
    const sma1 = await get(`/api/classification/register?date=${D}&loanClass=sma1`);
    expect(sma1.rows.map((row: Row) => row.loanId)).toEqual([edges.sma1From.id, edges.sma1To.id]);
    const agentB = await get(`/api/classification/register?date=${D}&agentId=${cast.agentB.user.id}`);
    expect(agentB.rows.map((row: Row) => row.loanId)).toEqual([npa.id, chitraSecond.id]);
  });

  it('keeps an NPA loan NPA on a part payment, and upgrades it with the borrower only when every arrear is paid', async () => {
    await payEmis(npa.id, 1, 50); // today, 2026-11-21
    nextDay();
    await closeBusinessDay(t.db, addDays(D, 1), run);
    const partPaid = await registerOf(addDays(D, 1));
    // 92 days since the start, 50 EMIs paid: 42 days past due, an SMA-1 by days, NPA still.
    expect(classOf(partPaid, npa.id)).toMatchObject({ loanClass: 'npa', ownClass: 'npa', daysPastDue: 42 });
    expect(classOf(partPaid, chitraSecond.id)).toMatchObject({ loanClass: 'npa', byBorrower: true });

    await payEmis(npa.id, 51, 94); // 2026-11-22: every EMI dated up to the day before paid
    nextDay();
    await closeBusinessDay(t.db, addDays(D, 2), run);
    const paid = await registerOf(addDays(D, 2));
    expect(classOf(paid, npa.id)).toBeUndefined();
    expect(classOf(paid, chitraSecond.id)).toMatchObject({
      loanClass: 'sma0',
      byBorrower: false,
      daysPastDue: 2,
    });
    const history = await get(`/api/loans/${npa.id}/classification`);
    expect(history).toMatchObject({ asOf: addDays(D, 2), loanClass: 'standard', daysPastDue: 0 });
    expect(history.changes).toEqual([
      {
        businessDate: addDays(D, 2),
        fromClass: 'npa',
        toClass: 'standard',
        daysPastDue: 0,
        reason: 'arrears_paid',
      },
      { businessDate: D, fromClass: 'standard', toClass: 'npa', daysPastDue: 91, reason: 'days_past_due' },
    ]);
    const second = await get(`/api/loans/${chitraSecond.id}/classification`);
    expect(second.changes.map((c: { reason: string }) => c.reason)).toEqual([
      'days_past_due',
      'borrower_npa',
    ]);
  });

  it('lists only the loans whose class moved at a close, and filters the loans list by class', async () => {
    const moved = await get(`/api/classification/register?date=${addDays(D, 2)}&changed=true`);
    expect(moved.rows.map((row: Row) => row.loanId)).toEqual([chitraSecond.id]);
    const list = await get('/api/loans?loan_class=sma0&limit=100');
    // The loan that started on D is 2 days past due too.
    expect(list.loans.map((loan: { id: number }) => loan.id).sort()).toEqual(
      [standard.id, edges.sma0From.id, chitraSecond.id].sort(),
    );
  });
});

describe('closing again, by hand and by the schedule', () => {
  let queue: JobQueue;
  beforeAll(async () => {
    queue = await startJobQueue({
      database: t.database,
      deps: t.deps,
      log: pino({ level: 'silent' }),
      runners: [dayEndClose],
      ...QUICK_QUEUE,
    });
  });
  afterAll(async () => queue.stop());

  const changesOf = async () =>
    rowsOf(
      await t.db.execute(`select loan_id, business_date::text as day, from_class, to_class, from_own, to_own,
          days_past_due, reason from loan_class_changes where superseded_at is null order by day, loan_id`),
    );
  const start = (body: Record<string, unknown>, headers = superadmin) =>
    t.app.inject({ method: 'POST', url: '/api/classification/closes', headers, payload: body });

  it('refuses a day not yet ended and a day already closed unless asked to re-run it', async () => {
    const today = t.clock.today();
    const early = await start({ businessDate: today });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('DAY_END_NOT_CLOSABLE');
    const again = await start({ businessDate: D });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DAY_END_ALREADY_CLOSED');
  });

  it('re-runs a past day and every day closed after it, to the same history as the nightly closes', async () => {
    const nightly = await changesOf();
    const registers = await Promise.all([0, 1, 2].map((n) => registerOf(addDays(D, n))));
    const response = await start({ businessDate: D, rerun: true });
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json().data;
    await jobReaches(t.db, job.id, (row) => row.status === 'succeeded', 60_000);
    expect(await changesOf()).toEqual(nightly);
    expect(await Promise.all([0, 1, 2].map((n) => registerOf(addDays(D, n))))).toEqual(registers);
    const closes = await get('/api/classification/closes', superadmin);
    expect(
      closes.closes.map((c: { businessDate: string; runs: number }) => [c.businessDate, c.runs]),
    ).toEqual([
      [addDays(D, 2), 2],
      [addDays(D, 1), 2],
      [D, 2],
    ]);
    const superseded = await t.db.execute(
      'select count(*)::int as n from loan_class_changes where superseded_at is not null',
    );
    expect(rowsOf(superseded)[0]).toEqual({ n: nightly.length });
    const audit = await t.db.execute(
      `select metadata from audit_logs where action = 'day_end_close_rerun' and resource_id = '${job.id}'`,
    );
    expect(rowsOf(audit)).toEqual([{ metadata: { business_date: D, rerun: true, already_closed: true } }]);
  });

  it('catches up every missed day in order after downtime, once among several calls', async () => {
    for (let i = 0; i < 5; i += 1) nextDay(); // today 2026-11-28: 11-23 … 11-27 owed
    const job = await enqueueDueCloses(t.db, t.clock, '23:30');
    expect((await enqueueDueCloses(t.db, t.clock, '23:30'))?.id).toBe(job?.id);
    await jobReaches(t.db, job?.id ?? 0, (row) => row.status === 'succeeded', 60_000);
    const closes = await get('/api/classification/closes', superadmin);
    expect(
      closes.closes.slice(0, 5).map((c: { businessDate: string; status: string }) => c.businessDate),
    ).toEqual([7, 6, 5, 4, 3].map((n) => addDays(D, n)));
    expect(await enqueueDueCloses(t.db, t.clock, '23:30')).toBeNull();
    // Chitra's second loan, unpaid since its start on D, is 7 days past due on the 27th.
    const latest = await registerOf(addDays(D, 7));
    expect(classOf(latest, chitraSecond.id)).toMatchObject({ loanClass: 'sma0', daysPastDue: 7 });
  });
});

describe('who may see and close', () => {
  it('refuses the register to agents and borrowers, and closing to all but the superadmin', async () => {
    for (const headers of [cast.agentA.headers, cast.borrower.headers]) {
      const register = await t.app.inject({ method: 'GET', url: '/api/classification/register', headers });
      expect(register.statusCode).toBe(403);
    }
    for (const headers of [cast.admin.headers, cast.agentA.headers]) {
      const close = await t.app.inject({
        method: 'POST',
        url: '/api/classification/closes',
        headers,
        payload: { businessDate: D, rerun: true },
      });
      expect(close.statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/classification/closes', headers })).statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/classification/summary' })).statusCode).toBe(401);
  });

  it("shows an agent the class of their own customers' loans only", async () => {
    const own = await get(`/api/loans/${chitraSecond.id}/classification`, cast.agentB.headers);
    expect(own.loanClass).toBe('sma0');
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/loans/${chitraSecond.id}/classification`,
      headers: cast.agentA.headers,
    });
    expect(other.statusCode).toBe(404);
  });

  it('answers bad input with a 400 in words', async () => {
    for (const query of [
      'date=2026-13-01',
      'loanClass=standard',
      'changed=maybe',
      'agentId=abc',
      'pageSize=0',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/classification/register?${query}`,
        headers: cast.admin.headers,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBeTruthy();
    }
    for (const payload of [{}, { businessDate: 'yesterday' }, { businessDate: D, rerun: 'yes' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/classification/closes',
        headers: superadmin,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('GET /api/classification/register/export', () => {
  it('writes the whole filtered register as CSV and as an .xlsx workbook', async () => {
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/classification/register/export?date=${D}&loanClass=npa`,
      headers: cast.admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="sma_npa_register_${D}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Loan Code,Customer,Mobile,Agent,Class,Own Class,NPA by Borrower,Days Past Due,In Class Since,Previous Class,Outstanding Principal,Arrears',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${npa.loanCode},Chitra Npa,`);
    expect(lines[2]).toMatch(/,NPA,Standard,Yes,0,2026-11-20,Standard,16000,/);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/classification/register/export?date=${D}&format=xlsx`,
      headers: cast.admin.headers,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
