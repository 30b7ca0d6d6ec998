import { type LoanState, type Paise, previewPayment } from '@lending/domain';

/** The EMI a payment dialog is about, with what the lending rules need for the live preview. */
export type TPayTarget = {
  loanId: number;
  loanCode: string;
  emiNumber: number;
  /** EMI amount and its late charge, paise. */
  amount: Paise;
  lateCharge: Paise;
  bounced: boolean;
  /** The loan as the lending rules see it (Loan Details: all EMIs; the due list: the row). */
  state: LoanState;
  /** The latest late charge of the loan (paise): the partial input's maximum adds it. */
  latestLateCharge: Paise;
  /** Whether `state` holds the whole loan, so the EMI a carry goes to is known. */
  wholeLoan: boolean;
};

/** The dues of an earlier bounced EMI that a payment of this one collects or carries first. */
export const rolledIn = (target: TPayTarget): Paise => {
  const full = previewPayment(target.state, {
    emiNumber: target.emiNumber,
    paymentType: 'full',
    partialAmount: null,
    extraCharge: null,
  });
  return full.ok ? Math.max(0, full.collected - target.amount - target.lateCharge) : 0;
};
