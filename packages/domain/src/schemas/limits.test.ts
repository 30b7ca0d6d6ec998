import { describe, expect, it } from 'vitest';
import { ZBounceEmiRequest, ZClearChargesRequest, ZPayEmiRequest } from './emis';
import { ZPayOverdueRequest } from './field';
import { ZCreateLoanRequest, ZUpdateLoanRequest } from './loans';

const loan = (overrides: Record<string, unknown> = {}) => ({
  customer_id: '7',
  loan_amount: '10000',
  per_day_emi: '120',
  total_emi_days: '100',
  start_date: '2026-11-21',
  ...overrides,
});

/** The fields a parse refused, each with its first message. */
const refused = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('loan limits', () => {
  it('takes the largest loan, an EMI equal to the amount, the longest tenure and the calendar edges', () => {
    for (const schema of [ZCreateLoanRequest, ZUpdateLoanRequest]) {
      expect(schema.safeParse(loan({ loan_amount: '100000000', per_day_emi: '100000000' })).success).toBe(
        true,
      );
      expect(schema.safeParse(loan({ loan_amount: '99999999.99', per_day_emi: '524288.07' })).success).toBe(
        true,
      );
      expect(schema.safeParse(loan({ start_date: '2000-01-01', total_emi_days: '3650' })).success).toBe(true);
      expect(schema.safeParse(loan({ start_date: '2099-12-31', total_emi_days: '1' })).success).toBe(true);
      // 3650 days from 2090-01-03: the last EMI falls on 2099-12-31 (2090…2099 holds two leap days).
      expect(schema.safeParse(loan({ start_date: '2090-01-03', total_emi_days: '3650' })).success).toBe(true);
    }
  });

  it('refuses a loan above ₹10 crore, naming loan_amount', () => {
    expect(refused(ZCreateLoanRequest.safeParse(loan({ loan_amount: '100000000.01' })))).toEqual({
      loan_amount: 'Amount cannot exceed ₹10,00,00,000',
    });
  });

  it('refuses a per-day EMI above the loan amount, naming per_day_emi', () => {
    expect(
      refused(ZUpdateLoanRequest.safeParse(loan({ loan_amount: '1000', per_day_emi: '1000.01' }))),
    ).toEqual({
      per_day_emi: 'Per-day EMI cannot exceed the loan amount',
    });
  });

  it('refuses a tenure above 3650 days', () => {
    expect(refused(ZCreateLoanRequest.safeParse(loan({ total_emi_days: '3651' })))).toEqual({
      total_emi_days: 'Tenure must be at most 3650 days',
    });
  });

  it('refuses a start date outside 2000…2099 and a schedule ending after 2099', () => {
    for (const start_date of ['1999-12-31', '2100-01-01', '9999-12-31']) {
      expect(Object.keys(refused(ZCreateLoanRequest.safeParse(loan({ start_date }))))).toEqual([
        'start_date',
      ]);
    }
    expect(
      refused(ZCreateLoanRequest.safeParse(loan({ start_date: '2090-01-04', total_emi_days: '3650' }))),
    ).toEqual({
      total_emi_days: 'The last EMI would fall after 31-12-2099; shorten the tenure or start earlier',
    });
  });
});

describe('charge limits', () => {
  it('takes ₹10,00,000 and refuses a paisa more for a bounce charge, a clear and a levied charge', () => {
    const cases = [
      (amount: string) => ZBounceEmiRequest.safeParse({ late_charges: amount }),
      (amount: string) => ZClearChargesRequest.safeParse({ amount }),
      (amount: string) => ZPayEmiRequest.safeParse({ late_charge_amount: amount }),
      (amount: string) => ZPayOverdueRequest.safeParse({ loan_id: 1, late_charge_amount: amount }),
    ];
    for (const parse of cases) {
      expect(parse('1000000').success).toBe(true);
      expect(Object.values(refused(parse('1000000.01')))).toEqual(['Amount cannot exceed ₹10,00,000']);
    }
  });

  it('reads JSON numbers and form text alike, refusing other kinds', () => {
    expect(ZClearChargesRequest.parse({ amount: 524288.07 }).amount).toBe(524288.07);
    expect(ZClearChargesRequest.parse({ amount: '524288.07' }).amount).toBe(524288.07);
    expect(refused(ZClearChargesRequest.safeParse({ amount: true }))).toEqual({
      amount: 'Amount must be a number',
    });
    expect(refused(ZClearChargesRequest.safeParse({ amount: 1.234 }))).toEqual({
      amount: 'Amount may have at most 2 decimals',
    });
  });
});
