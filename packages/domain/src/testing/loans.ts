import type { TLoanForeclosure, TLoanPayment } from '../schemas';

/** The foreclosure fields of a loan that has not been foreclosed. */
export const NOT_FORECLOSED: TLoanForeclosure = {
  foreclosure_type: null,
  foreclosure_amount: null,
  foreclosure_remaining_amount: null,
  foreclosure_date: null,
  foreclosed_by_name: null,
  foreclosure_reason: null,
  foreclosure_notes: null,
};

/** A row of GET /loans/{id}/payments: a full ₹120 UPI payment of EMI 1, on 2026-11-19 at 10:00 IST. */
export const sampleLoanPayment = (overrides: Partial<TLoanPayment> = {}): TLoanPayment => ({
  payment_id: 7,
  emi_number: 1,
  emi_replaced: false,
  payment_date: '2026-11-19',
  business_date: '2026-11-19',
  paid_at: '2026-11-19T04:30:00.000Z',
  payment_type: 'full',
  payment_mode: 'upi',
  amount_collected: 120,
  collected_by: 'Ravi Agent',
  ...overrides,
});
