import {
  endDate,
  loanTotals,
  normalizeRoleName,
  rupeesToPaise,
  type TCreateLoanRequest,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { findUserWithRoleById } from '../users';
import type { LoanRow } from './repository';

/** A loan form in the server's units: paise, the derived end date and totals. */
export type LoanTerms = {
  customerId: number;
  loanAmount: number;
  perDayEmi: number;
  totalEmiDays: number;
  startDate: string;
  endDate: string;
  totalRepayable: number;
  interestAmount: number;
  loanReason: string | null;
  paymentMethod: string | null;
};

/** Converts the form at the edge (rupees → paise) and refuses a total repayable below the amount. */
export const termsOf = (input: TCreateLoanRequest): LoanTerms => {
  const loanAmount = rupeesToPaise(input.loan_amount);
  const perDayEmi = rupeesToPaise(input.per_day_emi);
  const totals = loanTotals(loanAmount, perDayEmi, input.total_emi_days);
  if (!totals.ok) throw fieldError(totals.code, 'per_day_emi', totals.message);
  return {
    customerId: input.customer_id,
    loanAmount,
    perDayEmi,
    totalEmiDays: input.total_emi_days,
    startDate: input.start_date,
    endDate: endDate(input.start_date, input.total_emi_days),
    totalRepayable: totals.totalRepayable,
    interestAmount: totals.interest,
    loanReason: input.loan_reason ?? null,
    paymentMethod: input.payment_method ?? null,
  };
};

/** Loans are lent to customers: an existing, active user of role `user`. */
export const assertCustomer = async (db: Executor, customerId: number, keepId?: number) => {
  const found = await findUserWithRoleById(db, customerId);
  if (!found || normalizeRoleName(found.role.name) !== 'user')
    throw fieldError('CUSTOMER_NOT_FOUND', 'customer_id', 'Customer not found');
  // An edit may keep a customer who has since been deactivated; a new loan may not be lent to one.
  if (!found.user.isActive && customerId !== keepId)
    throw fieldError('CUSTOMER_INACTIVE', 'customer_id', 'This customer is inactive');
};

/** Whether an edit changes what the schedule is made of (amount, EMI, tenure, start date). */
export const changesSchedule = (loan: LoanRow, terms: LoanTerms): boolean =>
  loan.loanAmount !== terms.loanAmount ||
  loan.perDayEmi !== terms.perDayEmi ||
  loan.totalEmiDays !== terms.totalEmiDays ||
  loan.startDate !== terms.startDate;

/** The loan columns a form sets. */
export const termColumns = (terms: LoanTerms) => ({
  customerId: terms.customerId,
  loanAmount: terms.loanAmount,
  perDayEmi: terms.perDayEmi,
  totalEmiDays: terms.totalEmiDays,
  totalRepayable: terms.totalRepayable,
  interestAmount: terms.interestAmount,
  startDate: terms.startDate,
  endDate: terms.endDate,
  loanReason: terms.loanReason,
  paymentMethod: terms.paymentMethod,
});
