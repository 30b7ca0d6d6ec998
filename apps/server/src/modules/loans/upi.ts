import { isTerminalLoanStatus, type TLoanUpiResponse, upiPayLink } from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { findVisibleLoan } from './query-service';
import { amountDueNow } from './upi-repository';

/**
 * A loan's UPI payment link for what is owed now (docs/messages.md): the lender's UPI id and name,
 * the amount, the loan code as the reference. None without a UPI id, for a closed loan or nothing owed.
 */
export const loanUpiPayment = async (
  deps: AppDeps,
  actor: AuthUser,
  loanId: number,
): Promise<TLoanUpiResponse> => {
  const { loan } = await findVisibleLoan(deps.db, actor, loanId);
  if (!deps.upi || isTerminalLoanStatus(loan.status)) return { upi: null };
  const amount = await amountDueNow(deps.db, loan.id, deps.clock.today());
  if (amount <= 0) return { upi: null };
  const payment = {
    vpa: deps.upi.vpa,
    payeeName: deps.upi.payeeName,
    amountPaise: amount,
    reference: loan.loanCode,
    note: `EMI ${loan.loanCode}`,
  };
  return {
    upi: {
      link: upiPayLink(payment),
      amount_paise: amount,
      vpa: payment.vpa,
      payee_name: payment.payeeName,
      reference: payment.reference,
    },
  };
};
