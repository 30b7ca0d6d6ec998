import type {
  TBouncedEmi,
  TCollectionRecord,
  TCollectionReportResponse,
  TCreditEvent,
  TCreditScoreResponse,
  TMyLoan,
  TReceipt,
  TUpcomingEmi,
} from '@lending/domain';
import { sampleCollectionRecord, sampleOverdueRow } from '@lending/domain/testing';
import { makeReceipt as makeEmiReceipt } from './emi-fixtures';
import { makeLoan } from './loan-fixtures';

/** An overdue EMI row of GET /loans/dashboard/agent. */
export const makeOverdueRow = sampleOverdueRow;

export const makeUpcomingEmi = (overrides: Partial<TUpcomingEmi> = {}): TUpcomingEmi => ({
  loan_id: 1,
  loan_code: 'LN0001',
  customer_name: 'Sunita Devi',
  customer_mobile: '9876500001',
  emi_number: 20,
  emi_date: '2026-11-22',
  amount: 500,
  ...overrides,
});

export const makeReceipt = (overrides: Partial<TReceipt> = {}): TReceipt =>
  makeEmiReceipt({
    emi_id: 11,
    payment_date: '2026-11-21',
    paid_at: '2026-11-21T05:00:00.000Z',
    due_date: '2026-11-10',
    amount: 500,
    amount_collected: 500,
    collected_by: 'Agent Person',
    ...overrides,
  });

export const makeCollectionRecord = sampleCollectionRecord;

export const makeCollectionReport = (
  results: TCollectionRecord[],
  overrides: Partial<TCollectionReportResponse> = {},
): TCollectionReportResponse => ({
  results,
  count: results.length,
  totalPages: results.length === 0 ? 0 : 1,
  page: 1,
  from: null,
  to: null,
  grandTotalPaidAmount: 0,
  grandTotalBouncedAmount: 0,
  grandTotalBouncedCount: 0,
  grandTotalInstalment: 0,
  grandTotalCharges: 0,
  grandTotalInterest: 0,
  grandTotalPrincipal: 0,
  grandTotalRevenue: 0,
  filteredTotalAmount: 0,
  hasFilters: false,
  uniqueAgents: 0,
  uniqueCustomers: 0,
  grandUniqueAgents: 0,
  grandUniqueCustomers: 0,
  dailySummary: [],
  ...overrides,
});

export const makeBouncedEmi = (overrides: Partial<TBouncedEmi> = {}): TBouncedEmi => ({
  id: 1,
  loan_id: 1,
  emi_number: 3,
  emi_date: '2026-11-12',
  amount: 500,
  late_charge: 100,
  status: 'bounced',
  bounce_count: 1,
  bounced_at: '2026-11-12T06:00:00.000Z',
  bounced_reason: 'Insufficient funds',
  notes: null,
  collector: { name: 'Ramesh Agent', mobile: '9000000030' },
  Loan: {
    loan_number: 1,
    loan_code: 'LN0001',
    loan_amount: 50000,
    customer: { name: 'Sunita Devi', mobile: '9876500001' },
  },
  ...overrides,
});

export const makeCreditEvent = (overrides: Partial<TCreditEvent> = {}): TCreditEvent => ({
  id: 1,
  event_type: 'EMI_PAID_ON_TIME',
  created_at: '2026-11-20T05:00:00.000Z',
  customer_id: 40,
  customer_name: 'Sunita Devi',
  loan_code: 'LN0001',
  emi_number: 1,
  emi_amount: 500,
  amount: 500,
  bounced_amount: null,
  bounce_reason: null,
  bounce_sequence: null,
  charges_applied: null,
  bounce_date: null,
  ...overrides,
});

export const makeCreditScore = (overrides: Partial<TCreditScoreResponse> = {}): TCreditScoreResponse => ({
  customer_id: 40,
  customer_name: 'Sunita Devi',
  score: 800,
  band: 'Excellent',
  bounceRate: 0,
  latePaymentRate: 0,
  paymentHistoryRate: 100,
  paidOnTime: 10,
  paidLate: 0,
  bounced: 0,
  emisDueSoFar: 10,
  bouncesLast30Days: 0,
  ...overrides,
});

export const makeMyLoan = (overrides: Partial<TMyLoan> = {}): TMyLoan => {
  const loan = makeLoan(overrides);
  return { ...loan, tenure: loan.total_emi_days, next_emi_date: null, ...overrides };
};
