import { checkLedgerInvariant } from '@lending/domain';
import { describe, expect, it } from 'vitest';
import { createUser, samples } from '../../../test/support/factories';
import { loanAuditActions, loanForm, loanTestApp, postLoan } from '../../../test/support/loan-api';
import { storedInvariant } from '../../../test/support/loans';
import { file } from '../../../test/support/users';
import { listEmis } from './schedule-repository';

const { t, cast } = await loanTestApp();

/** The calendar's own arithmetic (JavaScript's UTC dates), independent of the domain's date helpers. */
const calendarDay = (year: number, month: number, day: number): string =>
  new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

describe('POST /api/loans', () => {
  it('creates a pending loan with its whole schedule, opening ledger rows and an audit row', async () => {
    const response = await postLoan(t, cast.admin.headers, loanForm(cast.customerA.id));
    expect(response.statusCode).toBe(201);
    const { message, loan, schedule_reset } = response.json();
    expect(message).toBe('Loan created successfully');
    expect(schedule_reset).toBe(false);
    expect(loan).toMatchObject({
      customer_id: cast.customerA.id,
      customer_name: 'Asha Verma',
      loan_amount: 10000,
      per_day_emi: 120,
      total_emi_days: 100,
      total_repayable: 12000,
      interest_amount: 2000,
      start_date: '2026-11-21',
      end_date: '2027-02-28',
      status: 'pending_acceptance',
      payment_method: 'cash',
      loan_reason: 'Shop stock',
      received_by_image: null,
      foreclosure_type: null,
    });
    // The file's database is fresh: its first loan is number 1, coded with six digits.
    expect(loan).toMatchObject({ loan_number: 1, loan_code: 'LN000001' });

    const emis = await listEmis(t.db, loan.id);
    expect(emis).toHaveLength(100);
    emis.forEach((emi, index) => {
      expect(emi.emiNumber).toBe(index + 1);
      expect(emi.emiDate).toBe(calendarDay(2026, 11, 21 + index));
      expect(emi.amount).toBe(12_000);
      expect(emi.status).toBe('pending');
    });
    // One EMI a day across a month and a year end: 11 days of November, 31 of December, 31 of January.
    expect(emis.map((emi) => emi.emiDate).filter((_, index) => [0, 10, 41, 72, 99].includes(index))).toEqual([
      '2026-11-21',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
      '2027-02-28',
    ]);

    const { holds, entries, totals } = await storedInvariant(t.db, loan.id);
    expect(holds).toBe(true);
    expect(entries.every((entry) => entry.kind === 'scheduled')).toBe(true);
    expect(totals.scheduled).toBe(1_200_000);
    expect(await loanAuditActions(t, loan.id)).toEqual(['loan_created']);
  });

  it('numbers loans from a sequence with unique codes', async () => {
    const first = (await postLoan(t, cast.admin.headers, loanForm(cast.customerA.id))).json().loan;
    const second = (await postLoan(t, cast.superadmin, loanForm(cast.customerB.id))).json().loan;
    expect(second.loan_number).toBe(first.loan_number + 1);
    expect(second.loan_code).not.toBe(first.loan_code);
  });

  it('writes a ten-year schedule (3650 EMIs) at once', async () => {
    const response = await postLoan(
      t,
      cast.admin.headers,
      loanForm(cast.customerA.id, { total_emi_days: '3650', start_date: '2026-01-01' }),
    );
    expect(response.statusCode).toBe(201);
    const { loan } = response.json();
    // 2026–2035 hold 3652 days (leap days in 2028 and 2032); EMI 3650 falls 3649 days after EMI 1.
    expect(loan.end_date).toBe('2035-12-29');
    const emis = await listEmis(t.db, loan.id);
    expect(emis).toHaveLength(3650);
    expect(emis.at(-1)?.emiDate).toBe(loan.end_date);
  });

  it('answers every missing required field with the spec message', async () => {
    const response = await postLoan(t, cast.admin.headers, { loan_reason: 'x', loan_amount: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please fill in all required fields');
    expect(response.json().errors.map((error: { param: string }) => error.param)).toEqual([
      'customer_id',
      'loan_amount',
      'per_day_emi',
      'total_emi_days',
      'start_date',
    ]);
  });

  it('takes JSON without an image too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/loans',
      headers: cast.admin.headers,
      payload: { ...loanForm(cast.customerA.id), loan_amount: 5000.5, total_emi_days: 50 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().loan).toMatchObject({ loan_amount: 5000.5, total_emi_days: 50 });
  });

  it.each([
    [
      { payment_method: 'x'.repeat(101) },
      'payment_method',
      'Payment method must be at most 100 characters',
      'VALIDATION_FAILED',
    ],
    [
      { per_day_emi: '99.99' },
      'per_day_emi',
      'Per-day EMI × tenure must be at least the loan amount',
      'TOTAL_BELOW_AMOUNT',
    ],
    [{ loan_amount: '10.001' }, 'loan_amount', 'Amount may have at most 2 decimals', 'VALIDATION_FAILED'],
    [{ loan_amount: '-1' }, 'loan_amount', 'Amount must be greater than 0', 'VALIDATION_FAILED'],
    [{ total_emi_days: '0' }, 'total_emi_days', 'Tenure must be at least 1 day', 'VALIDATION_FAILED'],
    [{ total_emi_days: '3651' }, 'total_emi_days', 'Tenure must be at most 3650 days', 'VALIDATION_FAILED'],
    [{ start_date: '2026-02-30' }, 'start_date', 'Date must be a valid YYYY-MM-DD date', 'VALIDATION_FAILED'],
    [{ customer_id: '999999' }, 'customer_id', 'Customer not found', 'CUSTOMER_NOT_FOUND'],
  ])('refuses %j with 400', async (override, param, msg, code) => {
    const response = await postLoan(t, cast.admin.headers, { ...loanForm(cast.customerA.id), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code, message: msg, errors: [{ param, msg }] });
  });

  it('accepts a total repayable equal to the amount (no interest) and 100 characters of payment method', async () => {
    const response = await postLoan(
      t,
      cast.admin.headers,
      loanForm(cast.customerA.id, { per_day_emi: '100', payment_method: 'x'.repeat(100) }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().loan.interest_amount).toBe(0);
  });

  it('lends only to active customers (role user)', async () => {
    const agent = await createUser(t.db, { role: 'agent' });
    const inactive = await createUser(t.db, { isActive: false });
    const toAgent = await postLoan(t, cast.admin.headers, loanForm(agent.id));
    expect(toAgent.statusCode).toBe(400);
    expect(toAgent.json().message).toBe('Customer not found');
    const toInactive = await postLoan(t, cast.admin.headers, loanForm(inactive.id));
    expect(toInactive.json().message).toBe('This customer is inactive');
  });

  it('stores the received-by image and answers it as a signed link', async () => {
    const response = await postLoan(t, cast.admin.headers, loanForm(cast.customerA.id), {
      received_by_image: file(samples.png, 'receipt.png', 'image/png'),
    });
    expect(response.statusCode).toBe(201);
    const link = response.json().loan.received_by_image as string;
    expect(link).toMatch(/^\/api\/files\/[0-9a-f-]+\.png\?expires=\d+&signature=/);
    const fetched = await t.app.inject({ method: 'GET', url: link });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/png');
  });

  it('refuses a non-image with 415 and a file over 2 MB with 413, creating nothing', async () => {
    const before = (await t.db.query.loans.findMany()).length;
    const wrong = await postLoan(t, cast.admin.headers, loanForm(cast.customerA.id), {
      received_by_image: file(samples.pdf, 'receipt.png', 'image/png'),
    });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().message).toBe('Received By Image must be an image file (jpg, png, gif, webp)');
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(samples.png);
    const large = await postLoan(t, cast.admin.headers, loanForm(cast.customerA.id), {
      received_by_image: file(big, 'big.png', 'image/png'),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('Received By Image must be less than 2MB');
    expect((await t.db.query.loans.findMany()).length).toBe(before);
  });

  it('is for admins and superadmins only; signed-out callers get 401 before any validation', async () => {
    for (const who of [cast.agentA.headers, cast.borrower.headers]) {
      const response = await postLoan(t, who, loanForm(cast.customerA.id));
      expect(response.statusCode).toBe(403);
    }
    expect((await postLoan(t, {}, {})).statusCode).toBe(401);
  });

  it('keeps the stored schedule consistent with the domain ledger', async () => {
    const { loan } = (await postLoan(t, cast.admin.headers, loanForm(cast.customerB.id))).json();
    const { entries, emis } = await storedInvariant(t.db, loan.id);
    expect(checkLedgerInvariant(entries, emis).totals.outstanding).toBe(1_200_000);
  });
});
