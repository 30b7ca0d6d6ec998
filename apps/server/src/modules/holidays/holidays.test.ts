import type { TDueEmisResponse, TLoanProductView } from '@lending/domain';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { emiApi, expectOk } from '../../../test/support/emi-api';
import { jobReaches, QUICK_QUEUE } from '../../../test/support/jobs';
import { type Headers, loanForm, loanTestApp, postLoan, putLoan } from '../../../test/support/loan-api';
import { auditLogs, emis, holidayMoves, loans } from '../../db/schema';
import { verifyBooks } from '../books';
import { startJobQueue } from '../jobs';
import { catchUpEveryFigure } from '../read-model';
import { holidayMoveRunner } from './move-job';

// Today is Saturday 2026-11-21 (IST).
const { t, cast } = await loanTestApp();
const emisOf = (loanId: number) =>
  t.db.select().from(emis).where(eq(emis.loanId, loanId)).orderBy(asc(emis.emiNumber));
const api = emiApi(t);
// One loan a step, so a holiday reaching two loans takes the job two steps and a third that finds none.
const queue = await startJobQueue({
  database: t.database,
  deps: t.deps,
  log: pino({ level: 'silent' }),
  runners: [holidayMoveRunner({ batchLoans: 1 })],
  ...QUICK_QUEUE,
});
afterAll(() => queue.stop());

type Body = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: Body) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload && { payload }) });

/** Declares the holiday and waits for its job to have moved every instalment it reaches. */
const declare = async (date: string, name: string) => {
  const response = await call('POST', '/holidays', cast.admin.headers, { date, name });
  expect(response.statusCode, response.body).toBe(201);
  const { holiday } = response.json();
  expect(holiday).toMatchObject({ date, name, status: 'moving' });
  await jobReaches(t.db, holiday.job_id, (row) => row.status === 'succeeded');
  const listed = (await call('GET', `/holidays?year=${date.slice(0, 4)}`, cast.admin.headers)).json();
  return listed.holidays.find((h: { date: string }) => h.date === date);
};

const productResponse = await call('POST', '/loan-products', cast.admin.headers, {
  name: 'Mon–Sat',
  min_amount: 1000,
  max_amount: 100000,
  emi_per_thousand: null,
  min_tenure_days: 1,
  max_tenure_days: 365,
  off_days: ['sunday'],
  bounce_charge: 40,
});
const product: TLoanProductView = productResponse.json().product;

/** An approved loan of ₹1,200 at ₹100 a day for 12 instalments from Monday 2026-11-23. */
const approvedLoan = async (customerId: number, productId: number | null) => {
  const form = loanForm(customerId, {
    loan_amount: '1200',
    per_day_emi: '100',
    total_emi_days: '12',
    start_date: '2026-11-23',
    ...(productId === null ? {} : { product_id: String(productId) }),
  });
  const created = await postLoan(t, cast.admin.headers, form);
  expect(created.statusCode, created.body).toBe(201);
  const { loan } = created.json();
  expectOk(await putLoan(t, cast.admin.headers, loan.id, { ...form, status: 'approved' }));
  return loan as { id: number; loan_code: string; end_date: string };
};

const mondayToSaturday = await approvedLoan(cast.customerA.id, product.id);
const everyDay = await approvedLoan(cast.customerB.id, null);
const datesOf = async (loanId: number) => (await emisOf(loanId)).map((emi) => emi.emiDate);

const dueOn = async (date: string) => {
  const response = await call('GET', `/loans/emis/due?date=${date}`, cast.admin.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDueEmisResponse>().emis.map((row) => `${row.Loan.loan_code}#${row.emi_number}`);
};

describe('declaring a holiday', () => {
  it('previews the moves without making them', async () => {
    expect(await datesOf(mondayToSaturday.id)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    // EMI 5 (Friday the 27th) is paid ahead: it will not move.
    expectOk(await api.pay(cast.admin.headers, mondayToSaturday.id, 5, {}, 'holiday-pay-ahead'));
    const response = await call('POST', '/holidays/preview', cast.admin.headers, {
      date: '2026-11-25',
      name: 'Guru Nanak Jayanti',
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({ date: '2026-11-25', loans: 1, emis: 9 });
    expect(preview.sample[0]).toEqual({
      loan_id: mondayToSaturday.id,
      loan_code: mondayToSaturday.loan_code,
      customer_name: 'Asha Verma',
      emi_number: 3,
      from: '2026-11-25',
      to: '2026-11-26',
    });
    expect(await datesOf(mondayToSaturday.id)).toContain('2026-11-25');
  });

  it('gives Payments Due the bounce charge of a product loan’s terms, none for a loan without one', async () => {
    const response = await call('GET', '/loans/emis/due?date=2026-11-25', cast.admin.headers);
    const charges = Object.fromEntries(
      response.json<TDueEmisResponse>().emis.map((row) => [row.Loan.loan_code, row.Loan.bounce_charge]),
    );
    expect(charges).toEqual({ [mondayToSaturday.loan_code]: 40, [everyDay.loan_code]: null });
  });

  it('moves the pending instalments of product loans from that day on, keeps paid ones, audits, and keeps the books', async () => {
    expect(await dueOn('2026-11-25')).toEqual([`${mondayToSaturday.loan_code}#3`, `${everyDay.loan_code}#3`]);
    expect(await declare('2026-11-25', 'Guru Nanak Jayanti')).toMatchObject({
      status: 'moved',
      loans_moved: 1,
      emis_moved: 9,
    });
    expect(await datesOf(mondayToSaturday.id)).toEqual(
      [
        '2026-11-23',
        '2026-11-24',
        '2026-11-26',
        '2026-11-27',
        '2026-11-27',
        '2026-11-28',
        '2026-11-30',
        '2026-12-01',
        '2026-12-02',
        '2026-12-03',
        '2026-12-04',
        '2026-12-05',
      ].map((date, index) => (index >= 5 ? nextCollectionDay(date) : date)),
    );
    // The loan without a product is collected every calendar day: untouched.
    expect((await datesOf(everyDay.id))[2]).toBe('2026-11-25');
    const [loan] = await t.db.select().from(loans).where(eq(loans.id, mondayToSaturday.id));
    expect(loan).toMatchObject({ skippedDays: ['2026-11-25'], endDate: '2026-12-07' });
    expect(
      await t.db.select().from(holidayMoves).where(eq(holidayMoves.loanId, mondayToSaturday.id)),
    ).toHaveLength(9);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'holiday_declared'));
    expect(audit?.metadata).toMatchObject({ date: '2026-11-25', loans_to_move: 1, emis_to_move: 9 });

    expect(await dueOn('2026-11-25')).toEqual([`${everyDay.loan_code}#3`]);
    expect(await dueOn('2026-11-26')).toEqual(expect.arrayContaining([`${mondayToSaturday.loan_code}#3`]));
    await catchUpEveryFigure(t.db);
    const books = await verifyBooks(t.db);
    expect(books.differing).toEqual([]);
    expect(books.dayTotalsDiffering).toEqual([]);
  });

  it('refuses a day gone by, a day already declared, and keeps a holiday that moved instalments', async () => {
    const past = await call('POST', '/holidays', cast.admin.headers, { date: '2026-11-20', name: 'Late' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'HOLIDAY_IN_PAST' });
    const twice = await call('POST', '/holidays', cast.admin.headers, { date: '2026-11-25', name: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'HOLIDAY_EXISTS' });
    const kept = await call('DELETE', '/holidays/2026-11-25', cast.admin.headers);
    expect(kept.statusCode).toBe(409);
    expect(kept.json()).toMatchObject({ code: 'HOLIDAY_MOVED_EMIS' });
    expect((await call('DELETE', '/holidays/2026-12-31', cast.admin.headers)).statusCode).toBe(404);
  });

  it('is skipped by a loan made later, and a holiday that moved nothing can be removed', async () => {
    // A Sunday moves nothing: no product here collects on Sundays.
    expect(await declare('2026-11-29', 'Quiet Sunday')).toMatchObject({
      status: 'moved',
      loans_moved: 0,
      emis_moved: 0,
    });
    expectOk(await call('DELETE', '/holidays/2026-11-29', cast.admin.headers));

    // The fair reaches the two loans made from the product by then: the job moves them one step each.
    const second = await approvedLoan(cast.customerB.id, product.id);
    expect((await datesOf(second.id)).slice(8, 10)).toEqual(['2026-12-03', '2026-12-04']);
    expect(await declare('2026-12-03', 'Local fair')).toMatchObject({ status: 'moved', loans_moved: 2 });
    expect((await datesOf(second.id)).slice(8, 10)).toEqual(['2026-12-04', '2026-12-05']);
    const later = await approvedLoan(cast.customerA.id, product.id);
    const dates = await datesOf(later.id);
    expect(dates).not.toContain('2026-11-25');
    expect(dates.slice(0, 3)).toEqual(['2026-11-23', '2026-11-24', '2026-11-26']);
    const [row] = await t.db.select().from(loans).where(eq(loans.id, later.id));
    expect(row?.skippedDays).toEqual(['2026-11-25', '2026-12-03']);
    // The fair moved instalments, and a loan made since skips it: it stays.
    expect((await call('DELETE', '/holidays/2026-12-03', cast.admin.headers)).statusCode).toBe(409);
  });

  it('tells the agent when today is a holiday', async () => {
    const before = await call('GET', '/holidays/today', cast.agentA.headers);
    expect(before.json()).toEqual({ date: '2026-11-21', holiday: null });
    await declare('2026-11-21', 'Strike');
    expect((await call('GET', '/holidays/today', cast.agentA.headers)).json()).toEqual({
      date: '2026-11-21',
      holiday: { name: 'Strike' },
    });
  });

  it('offers the national holidays of the year and the next, marked when declared', async () => {
    const response = await call('GET', '/holidays/national?year=2026', cast.admin.headers);
    expect(response.json().holidays).toEqual([
      { date: '2026-01-26', name: 'Republic Day', declared: false },
      { date: '2026-08-15', name: 'Independence Day', declared: false },
      { date: '2026-10-02', name: 'Gandhi Jayanti', declared: false },
      { date: '2027-01-26', name: 'Republic Day', declared: false },
      { date: '2027-08-15', name: 'Independence Day', declared: false },
      { date: '2027-10-02', name: 'Gandhi Jayanti', declared: false },
    ]);
    const list = await call('GET', '/holidays?year=2026', cast.admin.headers);
    expect(list.json().holidays.map((h: { date: string }) => h.date)).toEqual([
      '2026-11-21',
      '2026-11-25',
      '2026-12-03',
    ]);
    expect((await call('GET', '/holidays?year=26', cast.admin.headers)).statusCode).toBe(400);
  });

  it('is the admins’ list: agents may only ask about today, borrowers nothing', async () => {
    const body = { date: '2026-12-24', name: 'X' };
    for (const headers of [cast.agentA.headers, cast.borrower.headers]) {
      expect((await call('POST', '/holidays', headers, body)).statusCode).toBe(403);
      expect((await call('POST', '/holidays/preview', headers, body)).statusCode).toBe(403);
      expect((await call('GET', '/holidays', headers)).statusCode).toBe(403);
    }
    expect((await call('GET', '/holidays/today', cast.borrower.headers)).statusCode).toBe(403);
    expect((await call('GET', '/holidays/today', {})).statusCode).toBe(401);
  });
});

/** The next day that is not a Sunday. */
function nextCollectionDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  do next.setUTCDate(next.getUTCDate() + 1);
  while (next.getUTCDay() === 0);
  return next.toISOString().slice(0, 10);
}
