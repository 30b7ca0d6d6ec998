import type {
  TEmiView,
  TForeclosureDetails,
  TLoanDetail,
  TLoanListResponse,
  TLoanView,
} from '@lending/domain';
import { NOT_FORECLOSED } from '@lending/domain/testing';

/** A loan as GET /loans answers it (money in rupees, dates YYYY-MM-DD). */
export const makeLoan = (overrides: Partial<TLoanView> = {}): TLoanView => ({
  id: 1,
  loan_code: 'LN0001',
  loan_number: 1,
  customer_id: 40,
  customer_name: 'Sunita Devi',
  customer_mobile: '9876500001',
  customer_email: 'sunita@example.com',
  customer_address: 'Ward 4, Jaipur',
  loan_amount: 123456,
  per_day_emi: 1500,
  total_emi_days: 100,
  total_repayable: 150000,
  interest_amount: 26544,
  start_date: '2026-11-01',
  end_date: '2026-02-08',
  loan_reason: 'Shop stock',
  payment_method: 'Cash',
  received_by_image: null,
  status: 'approved',
  created_at: '2026-10-30T06:30:00.000Z',
  product: null,
  ...NOT_FORECLOSED,
  ...overrides,
});

export const makeEmi = (number: number, overrides: Partial<TEmiView> = {}): TEmiView => ({
  id: number,
  loan_id: 1,
  emi_number: number,
  emi_date: '2026-11-01',
  due_date: '2026-11-01',
  amount: 1500,
  late_charge: 0,
  status: 'pending',
  paid_at: null,
  payment_date: null,
  bounced_at: null,
  bounced_reason: null,
  bounce_count: 0,
  payment_type: null,
  partial_payment_amount: null,
  remaining_balance: null,
  foreclosure_amount: null,
  foreclosure_date: null,
  notes: null,
  ...overrides,
});

export const makeLoanDetail = (overrides: Partial<TLoanDetail> = {}): TLoanDetail => ({
  ...makeLoan(),
  emis: [],
  credit_held: 0,
  refund_due: 0,
  credit_source: null,
  ...overrides,
});

/** An approved loan with a received-by image, as the loans screens' tests start from. */
export const APPROVED_LOAN = makeLoan({
  id: 1,
  loan_code: 'LN0001',
  status: 'approved',
  received_by_image: '/files/r1.png',
});

export const makeLoanPage = (
  loans: TLoanView[],
  overrides: Partial<TLoanListResponse> = {},
): TLoanListResponse => ({
  loans,
  total: loans.length,
  totalPages: loans.length === 0 ? 0 : 1,
  totalAmount: loans.reduce((sum, loan) => sum + loan.loan_amount, 0),
  counts: { accepted: 0, pending: 0, completed: 0 },
  ...overrides,
});

export const makeForeclosureDetails = (
  overrides: Partial<TForeclosureDetails> = {},
): TForeclosureDetails => ({
  loan_id: 1,
  loan_code: 'LN0001',
  status: 'approved',
  pendingEmis: 10,
  totalEmiAmount: 15000,
  totalLateCharges: 250.5,
  creditApplied: 0,
  totalPendingAmount: 15250.5,
  ...NOT_FORECLOSED,
  ...overrides,
});

/** The borrowers GET /users?role=user answers for the pickers. */
export const LOAN_CUSTOMERS = [
  { id: 40, name: 'Sunita Devi', email: 'sunita@example.com', mobile: '9876500001' },
  { id: 41, name: 'Ravi Kumar', email: 'ravi@example.com', mobile: '9876500002' },
];
