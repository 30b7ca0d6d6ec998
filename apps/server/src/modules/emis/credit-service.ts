import {
  type AppliedOperation,
  applyCredit,
  creditHeldOf,
  creditMessages,
  holdCash,
  type LendingOutcome,
  type LendingRefusalCode,
  type LoanState,
  paiseToRupees,
  refundCredit,
  rupeesToPaise,
  type TApplyCreditRequest,
  type TApplyCreditResponse,
  type THoldCashRequest,
  type THoldCashResponse,
  type TRefundRequest,
  type TRefundResponse,
} from '@lending/domain';
import type { AuditEntry } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import type { Answer } from '../../platform/idempotency';
import { toEmiView } from '../loans';
import {
  bookLedger,
  checkCashDay,
  listLedger,
  type MoneyCall,
  type MoneyContext,
  refusalError,
  runMoneyCall,
} from '../money';
import { collectedAtOf } from './checks';
import { storeAudited } from './loan-audit';
import { findEmisByNumber, insertPayment } from './repository';

/** What apply and refund each decide on the credit held, and the audit row saying so. */
type CreditMove<X extends object> = {
  decide: (state: LoanState, credit: number) => LendingOutcome<X>;
  /** The request's fields a refusal of 400 names. */
  fields?: Partial<Record<LendingRefusalCode, string>>;
  /** A refund pays cash out of the collector's hand, which a closed cash day no longer takes. */
  paysCash: boolean;
  audit: (outcome: AppliedOperation<X>, credit: number) => Pick<AuditEntry, 'action' | 'metadata'>;
};

/**
 * The sequence apply and refund share, under the loan's lock: the credit held read from the ledger,
 * the rules' decision on it, the closed-day check when cash leaves, the outcome stored and its audit
 * row written. The caller books the ledger rows, which name that audit row.
 */
const moveCredit = async <X extends object>(
  context: MoneyContext,
  move: CreditMove<X>,
): Promise<{ outcome: AppliedOperation<X>; credit: number; auditId: number }> => {
  const { tx, loaded } = context;
  const credit = creditHeldOf(await listLedger(tx, loaded.loan.id));
  const outcome = move.decide(loaded.state, credit);
  if (!outcome.ok) throw refusalError(outcome, move.fields);
  if (move.paysCash) await checkCashDay(context);
  const auditId = await storeAudited(context, outcome, move.audit(outcome, credit));
  return { outcome, credit, auditId };
};

/**
 * Credit held (docs/lending-rules.md "Credit held"): applying it to open EMIs and refunding it, by
 * admins only, and cash a collector took that could not be applied, held as credit; each one money
 * call (one transaction under the loan's lock, Idempotency-Key honoured) with its audit row and ledger
 * rows linked to it. Only held cash counts as cash collected.
 */
export const createCreditCalls = (deps: AppDeps) => ({
  /**
   * POST /loans/{id}/apply-credit: the credit held pays open EMIs oldest first, whole EMIs only. Each
   * EMI paid gets a payment record of mode 'credit' (its receipt), its `credit_applied` rows name it.
   */
  async apply(call: MoneyCall, input: TApplyCreditRequest): Promise<Answer<TApplyCreditResponse>> {
    return runMoneyCall(deps, call, async (context) => {
      const { tx, loaded, today, now } = context;
      const { outcome, credit, auditId } = await moveCredit(context, {
        decide: (state, held) => applyCredit(state, { credit: held, today }),
        paysCash: false,
        audit: (applied, held) => ({
          action: 'loan_credit_applied',
          metadata: {
            credit_held_paise: held,
            applied_paise: applied.applied,
            emi_numbers: applied.emiNumbers,
            notes: input.notes ?? null,
          },
        }),
      });
      const emis = await findEmisByNumber(tx, loaded.loan.id, outcome.emiNumbers);
      for (const payment of outcome.payments) {
        const emi = emis.find((row) => row.emiNumber === payment.emiNumber);
        if (!emi) throw new Error(`EMI ${payment.emiNumber} vanished from loan ${loaded.loan.id}`);
        const stored = await insertPayment(tx, {
          loanId: loaded.loan.id,
          emiId: emi.id,
          emiNumber: emi.emiNumber,
          paymentType: 'full',
          paymentMode: 'credit',
          amount: payment.applied,
          collectedBy: call.actor.id,
          emiDate: emi.emiDate,
          emiAmount: emi.amount,
          emiLateCharge: emi.lateCharge,
          paymentDate: today,
          paidAt: now,
          notes: input.notes ?? null,
        });
        await bookLedger(context, { auditId, paymentId: stored.id, paymentMode: 'credit' }, payment.entries);
      }
      return {
        message: creditMessages.applied(outcome.applied, outcome.emiNumbers.length),
        applied: paiseToRupees(outcome.applied),
        credit_held: paiseToRupees(credit - outcome.applied),
        emis: emis.map(toEmiView),
      };
    });
  },

  /** POST /loans/{id}/refund: credit held paid back once the loan is closed or in default. */
  async refund(call: MoneyCall, input: TRefundRequest): Promise<Answer<TRefundResponse>> {
    const amount = rupeesToPaise(input.amount);
    return runMoneyCall(deps, { ...call, movesCash: true }, async (context) => {
      const { credit, auditId } = await moveCredit(context, {
        decide: (state, held) => refundCredit(state, { credit: held, amount }),
        fields: { REFUND_AMOUNT_OUT_OF_RANGE: 'amount' },
        paysCash: true,
        audit: (_refunded, held) => ({
          action: 'loan_refunded',
          metadata: {
            refunded_paise: amount,
            credit_held_paise: held,
            payment_mode: input.payment_mode,
            notes: input.notes ?? null,
          },
        }),
      });
      await bookLedger(context, { auditId, paymentMode: input.payment_mode });
      return {
        message: creditMessages.refunded(amount),
        refunded: paiseToRupees(amount),
        credit_held: paiseToRupees(credit - amount),
      };
    });
  },

  /**
   * POST /loans/{id}/hold-cash: cash a collector took that can no longer be applied (a sync conflict
   * on the phone) recorded as the loan's credit held: a `collected` row (cash collected by the caller
   * on the server's business day, in the cash and collections figures) and a `credit` row of the same
   * amount. Refused on a closed cash day, outside the caller's scope (404) and on a loan never approved.
   */
  async hold(call: MoneyCall, input: THoldCashRequest): Promise<Answer<THoldCashResponse>> {
    const amount = rupeesToPaise(input.amount);
    const collectedAt = collectedAtOf(input.collected_at, deps.clock.now());
    return runMoneyCall(deps, { ...call, movesCash: true }, async (context) => {
      const { tx, loaded } = context;
      const outcome = holdCash(loaded.state, { amount });
      if (!outcome.ok) throw refusalError(outcome, { INVALID_AMOUNT: 'amount' });
      await checkCashDay(context);
      const credit = creditHeldOf(await listLedger(tx, loaded.loan.id));
      const auditId = await storeAudited(context, outcome, {
        action: 'loan_cash_held',
        metadata: {
          held_paise: amount,
          credit_held_paise: credit + amount,
          payment_mode: input.payment_mode,
          collected_at: collectedAt?.toISOString() ?? null,
          reason: input.reason ?? null,
          notes: input.notes ?? null,
        },
      });
      await bookLedger(context, { auditId, paymentMode: input.payment_mode });
      return {
        message: creditMessages.held(amount),
        held: paiseToRupees(amount),
        credit_held: paiseToRupees(credit + amount),
      };
    });
  },
});
