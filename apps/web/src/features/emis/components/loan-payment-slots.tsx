import type { TEmiView, TLoanDetail } from '@lending/domain';
import type { ReactNode } from 'react';
import { ClearLateChargesButton } from './clear-late-charges-button';
import { EmiActions } from './emi-actions';
import { PaymentDateCell } from './payment-date-cell';

/** The shape of Loan Details' payment slots (features/loans), restated here: features never import each other. */
export type TEmiPaymentSlots = {
  renderEmiActions: (emi: TEmiView, loan: TLoanDetail) => ReactNode;
  renderPaymentDate: (emi: TEmiView, loan: TLoanDetail) => ReactNode;
  renderClearLateCharges: (loan: TLoanDetail) => ReactNode;
};

/**
 * What the EMI feature plugs into Loan Details: per-EMI Mark Paid, Bounce, Clear and
 * View Receipt, the inline payment-date edit, and the loan-wide Clear Late Charges. The route table
 * hands them to the loans page.
 */
export const emiPaymentSlots: TEmiPaymentSlots = {
  renderEmiActions: (emi, loan) => <EmiActions emi={emi} loan={loan} />,
  // Only paid and partial EMIs: the others keep Loan Details' own bounced or foreclosed date.
  renderPaymentDate: (emi, loan) =>
    emi.status === 'paid' || emi.status === 'partial' ? <PaymentDateCell emi={emi} loan={loan} /> : null,
  renderClearLateCharges: (loan) => <ClearLateChargesButton loan={loan} />,
};
