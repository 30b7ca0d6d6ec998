import {
  dueTotals,
  paiseToRupees,
  type TDueEmi,
  type TDueEmisResponse,
  type TReceipt,
} from '@lending/domain';
import { makeEmi } from './loan-fixtures';

/** A Payments Due row as GET /loans/emis/due answers it. */
export const makeDueEmi = (
  id: number,
  overrides: Partial<TDueEmi> & { loanCode?: string; customer?: string } = {},
): TDueEmi => {
  const { loanCode = `LN000${id}`, customer = 'Sunita Devi', ...rest } = overrides;
  const base = makeEmi(1, { id, loan_id: id, emi_date: '2026-11-22', due_date: '2026-11-22' });
  const row: TDueEmi = {
    ...base,
    full_payment_amount: null,
    Loan: {
      id,
      loan_number: id,
      loan_code: loanCode,
      per_day_emi: base.amount,
      bounce_charge: null,
      customer: { name: customer, mobile: `98765000${String(id).padStart(2, '0')}` },
    },
    ...rest,
  };
  const openRow = row.status === 'pending' || row.status === 'bounced';
  return overrides.full_payment_amount !== undefined || !openRow
    ? row
    : { ...row, full_payment_amount: row.amount + row.late_charge };
};

/** A receipt as the pay call and GET /emi/receipt answer it. */
export const makeReceipt = (overrides: Partial<TReceipt> = {}): TReceipt => ({
  loan_id: 1,
  loan_code: 'LN0001',
  loan_number: 1,
  customer_name: 'Sunita Devi',
  customer_mobile: '9876500001',
  payment_id: null,
  emi_id: 1,
  emi_number: 1,
  payment_date: '2026-11-01',
  paid_at: '2026-11-01T05:00:00.000Z',
  due_date: '2026-11-01',
  amount: 1500,
  late_charge: 0,
  late_charge_levied: 0,
  amount_collected: 1500,
  payment_type: 'full',
  payment_mode: 'cash',
  partial_payment_amount: null,
  remaining_balance: 0,
  partial_charge: 0,
  carried_amount: 0,
  carried_to_emi: null,
  collected_by: 'Superadmin Person',
  ...overrides,
});

/**
 * GET /loans/emis/due as the server answers it for `all` (every row of the filter): the page of
 * `limit` (or `pageSize`) rows after `cursor` (here the index of the next row), and on the first page the count and
 * totals of all of them.
 */
export const dueAnswer = (url: URL, all: TDueEmi[], pageSize?: number): { body: TDueEmisResponse } => {
  // `pageSize` stands for a server answering fewer rows, so a test need not draw 50 rows a page.
  const limit = pageSize ?? Number(url.searchParams.get('limit') ?? 50);
  const cursor = url.searchParams.get('cursor');
  const start = cursor === null ? 0 : Number(cursor);
  const sums = dueTotals(all);
  return {
    body: {
      date: url.searchParams.get('date') ?? '2026-11-22',
      status: 'pending',
      dates: 'day',
      emis: all.slice(start, start + limit),
      limit,
      next_cursor: start + limit < all.length ? String(start + limit) : null,
      total: cursor === null ? all.length : null,
      totals:
        cursor === null
          ? {
              total_to_collect: paiseToRupees(sums.totalToCollect),
              overdue: sums.overdue,
              pending: sums.pending,
              late_charges: paiseToRupees(sums.lateCharges),
              open_count: sums.openCount,
              open_amount: paiseToRupees(sums.openAmount),
            }
          : null,
    },
  };
};
