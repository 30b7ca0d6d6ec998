// Sample rows of the API's contracts and the figures of the server's test books, shared by the domain's,
// the server's and the web's tests (not exported from the package's main entry: "@lending/domain/testing").
// Plain data: it imports only the domain's types.
import type { TCollectionRecord, TOverdueEmiRow } from '../schemas/field';

export * from './books';
export * from './loans';

/** An overdue EMI row of GET /loans/dashboard/agent: EMI 1 of Sunita Devi's LN0001, ₹500, pending. */
export const sampleOverdueRow = (overrides: Partial<TOverdueEmiRow> = {}): TOverdueEmiRow => ({
  loan_id: 1,
  loan_code: 'LN0001',
  customer_id: 40,
  customer_name: 'Sunita Devi',
  customer_mobile: '9876500001',
  emi_number: 1,
  emi_date: '2026-11-10',
  status: 'pending',
  amount: 500,
  late_charge: 0,
  ...overrides,
});

/** A collection record: EMI 1 of LN0001, ₹500 paid in cash to Ramesh Agent on 2026-11-21. */
export const sampleCollectionRecord = (overrides: Partial<TCollectionRecord> = {}): TCollectionRecord => ({
  record_type: 'emi',
  business_date: '2026-11-21',
  status: 'paid',
  paid_at: '2026-11-21T05:00:00.000Z',
  bounced_at: null,
  collector: { id: 30, name: 'Ramesh Agent', mobile: '9000000030' },
  customer: { id: 40, name: 'Sunita Devi', mobile: '9876500001' },
  loan_code: 'LN0001',
  loan_number: 1,
  emi_number: 1,
  payment_mode: 'cash',
  amount: 500,
  instalment: 500,
  charges: 0,
  interest_share: 100,
  collected_at: null,
  synced_late: false,
  ...overrides,
});
