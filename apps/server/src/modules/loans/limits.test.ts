import { describe, expect, it } from 'vitest';
import { emiApi, expectBalanced } from '../../../test/support/emi-api';
import { loanForm, loanTestApp, postLoan, putLoan } from '../../../test/support/loan-api';
import { createLoan } from '../../../test/support/loans';
import { listEmis } from './schedule-repository';

const { t, cast } = await loanTestApp();

type Answer = { statusCode: number; body: string; json: () => unknown };

/** A 400 VALIDATION_FAILED naming `param` (with `msg` when given). */
const expectRefused = (response: Answer, param: string, msg?: string) => {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { code: string; errors: { param: string; msg: string }[] };
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors.map((error) => error.param)).toContain(param);
  if (msg !== undefined) expect(body.errors.find((error) => error.param === param)?.msg).toBe(msg);
};

/** POSTs a loan form for customer A as the admin and expects it created. */
const lend = async (overrides: Record<string, string>) => {
  const form = loanForm(cast.customerA.id, overrides);
  const created = await postLoan(t, cast.admin.headers, form);
  expect(created.statusCode, created.body).toBe(201);
  return { form, loan: created.json().loan };
};

describe('amounts with paise above ₹5,24,288', () => {
  it('lends ₹5,24,288.07 and collects an EMI of that size to the paisa', async () => {
    const { form, loan } = await lend({
      loan_amount: '524288.07',
      per_day_emi: '524288.07',
      total_emi_days: '2',
    });
    expect(loan).toMatchObject({
      loan_amount: 524288.07,
      per_day_emi: 524288.07,
      total_repayable: 1048576.14,
    });
    expect((await listEmis(t.db, loan.id))[0]?.amount).toBe(52_428_807);
    const approved = await putLoan(t, cast.admin.headers, loan.id, { ...form, status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);

    const paid = await emiApi(t).pay(cast.admin.headers, loan.id, 1, { payment_amount: 524288.07 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().receipt).toMatchObject({ amount: 524288.07, amount_collected: 524288.07 });
    await expectBalanced(t, loan.id);
  });

  it('lends ₹9,99,99,999.99 exactly', async () => {
    const { loan } = await lend({ loan_amount: '99999999.99', per_day_emi: '99999999.99' });
    expect(loan).toMatchObject({ loan_amount: 99999999.99, total_repayable: 9999999999 });
  });
});

describe('the limits of a loan (POST and PUT /api/loans)', () => {
  it('takes the largest loan: ₹10 crore, an EMI equal to it, 3650 days', async () => {
    const { loan } = await lend({
      loan_amount: '100000000',
      per_day_emi: '100000000',
      total_emi_days: '3650',
    });
    expect(loan).toMatchObject({ total_repayable: 365_000_000_000, end_date: '2036-11-17' });
  });

  // 2000…2099 are the dates a loan may run on.
  it.each<[string, string, Record<string, string>, string?]>([
    [
      'an amount above ₹10,00,00,000',
      'loan_amount',
      { loan_amount: '250000000', per_day_emi: '2500000' },
      'Amount cannot exceed ₹10,00,00,000',
    ],
    ['an amount a paisa above ₹10,00,00,000', 'loan_amount', { loan_amount: '100000000.01' }],
    [
      'a per-day EMI above the amount',
      'per_day_emi',
      { loan_amount: '1000', per_day_emi: '1000.01' },
      'Per-day EMI cannot exceed the loan amount',
    ],
    ['a tenure above 3650 days', 'total_emi_days', { total_emi_days: '3651' }],
    ['a start before 2000', 'start_date', { start_date: '1999-12-31' }],
    ['a start after 2099', 'start_date', { start_date: '2100-01-01' }],
    ['a start in 9999', 'start_date', { start_date: '9999-12-31' }],
    ['a last EMI after 2099-12-31', 'total_emi_days', { start_date: '2099-12-31', total_emi_days: '2' }],
  ])('refuses %s with 400 (never 500), naming %s', async (_case, field, form, msg) => {
    expectRefused(await postLoan(t, cast.admin.headers, loanForm(cast.customerA.id, form)), field, msg);
  });

  it('refuses the same on an edit: a per-day EMI above the amount, a last EMI after 2099', async () => {
    const existing = (await createLoan(t.db, { customer: cast.customerA })).loan;
    const above = loanForm(cast.customerA.id, { loan_amount: '1000', per_day_emi: '1000.01' });
    expectRefused(await putLoan(t, cast.admin.headers, existing.id, above), 'per_day_emi');
    const longEdit = loanForm(cast.customerA.id, { start_date: '2095-01-01', total_emi_days: '3650' });
    expectRefused(await putLoan(t, cast.admin.headers, existing.id, longEdit), 'total_emi_days');
  });

  it('takes a loan from 2000-01-01 and one whose last EMI is on 2099-12-31', async () => {
    const first = loanForm(cast.customerA.id, { start_date: '2000-01-01' });
    expect((await postLoan(t, cast.admin.headers, first)).statusCode).toBe(201);
    const last = loanForm(cast.customerA.id, {
      loan_amount: '120',
      start_date: '2099-12-31',
      total_emi_days: '1',
    });
    expect((await postLoan(t, cast.admin.headers, last)).statusCode).toBe(201);
  });
});

describe('the limits of charges', () => {
  it('refuses a bounce charge above ₹10,00,000, naming late_charges', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    const response = await emiApi(t).bounce(cast.admin.headers, loan.id, 1, { late_charges: 5_000_000_000 });
    expectRefused(response, 'late_charges', 'Amount cannot exceed ₹10,00,000');
    expectRefused(
      await emiApi(t).bounce(cast.admin.headers, loan.id, 1, { late_charges: 1000000.01 }),
      'late_charges',
    );
  });

  it('refuses a per-EMI clear above ₹10,00,000, naming amount', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    const [emi] = await listEmis(t.db, loan.id);
    expectRefused(
      await emiApi(t).clearEmi(cast.admin.headers, emi?.id ?? 0, { amount: 1000000.01 }),
      'amount',
    );
  });

  it('refuses a late charge levied at collection above ₹10,00,000, naming late_charge_amount', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    const api = emiApi(t);
    expectRefused(
      await api.pay(cast.admin.headers, loan.id, 1, { late_charge_amount: 1000000.01 }),
      'late_charge_amount',
    );
    const overdue = await t.app.inject({
      method: 'POST',
      url: '/api/emis/pay-overdue',
      headers: cast.admin.headers,
      payload: { loan_id: loan.id, late_charge_amount: 1000000.01 },
    });
    expectRefused(overdue, 'late_charge_amount');
  });

  it('keeps the collections report answering after the largest charges are collected', async () => {
    const api = emiApi(t);
    const { loan } = await createLoan(t.db, {
      customer: cast.customerA,
      loanAmountPaise: 10_00_00_000_00,
      perDayEmiPaise: 10_00_00_000_00,
      totalEmiDays: 3,
    });
    const ok = (response: Answer) => expect(response.statusCode, response.body).toBe(200);
    ok(await api.bounce(cast.admin.headers, loan.id, 1, { late_charges: 1_000_000 }));
    ok(await api.bounce(cast.admin.headers, loan.id, 1, { late_charges: 1_000_000 }));
    // EMI 2 collects its ₹10 crore, EMI 1's rolled-in ₹10 crore + ₹20 lakh, and a levied ₹10 lakh.
    const paid = await api.pay(cast.admin.headers, loan.id, 2, { late_charge_amount: 1_000_000 });
    ok(paid);
    expect(paid.json().receipt.amount_collected).toBe(203_000_000);
    await expectBalanced(t, loan.id);

    const report = await api.get(cast.admin.headers, '/api/loans/agent/collection-report');
    ok(report);
    expect(report.json().grandTotalPaidAmount).toBeGreaterThanOrEqual(203_000_000);
  });
});
