import {
  type EmiStatus,
  type ForeclosureType,
  isCurrentBounced,
  type LoanStatus,
  type PaymentType,
  paiseToRupees,
  paiseToRupeesOrNull,
  type TEmiView,
  type TLoanForeclosure,
  type TLoanProductTerms,
  type TLoanView,
  ZLoanProductTerms,
} from '@lending/domain';
import type { EmiRow } from '../../db/schema';
import type { UrlSigner } from '../../platform/storage/signed-urls';
import { type LoanWithPeople, toDomainEmi } from '../money';

/** 'LN000123': the loan number padded to six digits (longer numbers keep all their digits). */
export const loanCodeOf = (loanNumber: number): string => `LN${String(loanNumber).padStart(6, '0')}`;

/** A loan as the API answers it (ZLoanView): rupees, YYYY-MM-DD dates, the image as a signed link. */
export const toLoanView = (row: LoanWithPeople, signer: UrlSigner, nowMs: number): TLoanView => {
  const { loan } = row;
  return {
    id: loan.id,
    loan_code: loan.loanCode,
    loan_number: loan.loanNumber,
    customer_id: loan.customerId,
    customer_name: row.customerName,
    customer_mobile: row.customerMobile,
    customer_email: row.customerEmail,
    customer_address: row.customerAddress,
    loan_amount: paiseToRupees(loan.loanAmount),
    per_day_emi: paiseToRupees(loan.perDayEmi),
    total_emi_days: loan.totalEmiDays,
    total_repayable: paiseToRupees(loan.totalRepayable),
    interest_amount: paiseToRupees(loan.interestAmount),
    start_date: loan.startDate,
    end_date: loan.endDate,
    loan_reason: loan.loanReason,
    payment_method: loan.paymentMethod,
    received_by_image: loan.receivedByImage ? signer.sign(loan.receivedByImage, nowMs) : null,
    status: loan.status as LoanStatus,
    created_at: loan.createdAt.toISOString(),
    product: productTermsOf(loan.productTerms),
    ...foreclosureOf(row),
  };
};

/** The product terms a loan copied when it was made, as stored beside it (null: made without one). */
export const productTermsOf = (stored: unknown): TLoanProductTerms | null => {
  if (stored === null || stored === undefined) return null;
  return ZLoanProductTerms.parse(stored);
};

/** A loan's foreclosure as the API answers it: all null until the loan is foreclosed. */
export const foreclosureOf = ({ loan, foreclosedByName }: LoanWithPeople): TLoanForeclosure => ({
  foreclosure_type: loan.foreclosureType as ForeclosureType | null,
  foreclosure_amount: paiseToRupeesOrNull(loan.foreclosureAmount),
  foreclosure_remaining_amount: paiseToRupeesOrNull(loan.foreclosureRemainingAmount),
  foreclosure_date: loan.foreclosureDate,
  foreclosed_by_name: foreclosedByName,
  foreclosure_reason: loan.foreclosureReason,
  foreclosure_notes: loan.foreclosureNotes,
});

/** An EMI as the API answers it (ZEmiView); `due_date` and `payment_date` are the spec's aliases. */
export const toEmiView = (row: EmiRow): TEmiView => ({
  id: row.id,
  loan_id: row.loanId,
  emi_number: row.emiNumber,
  emi_date: row.emiDate,
  due_date: row.emiDate,
  amount: paiseToRupees(row.amount),
  late_charge: paiseToRupees(row.lateCharge),
  status: row.status as EmiStatus,
  paid_at: row.paidAt?.toISOString() ?? null,
  payment_date: row.paymentDate,
  bounced_at: row.bouncedAt?.toISOString() ?? null,
  bounced_reason: row.bouncedReason,
  bounce_count: row.bounceCount,
  payment_type: row.paymentType as PaymentType | null,
  partial_payment_amount: paiseToRupeesOrNull(row.partialPaymentAmount),
  remaining_balance: paiseToRupeesOrNull(row.remainingBalance),
  foreclosure_amount: paiseToRupeesOrNull(row.foreclosureAmount),
  foreclosure_date: row.foreclosureDate,
  notes: row.notes,
  is_current_bounce: isCurrentBounced(toDomainEmi(row)),
});
