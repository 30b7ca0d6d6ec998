import {
  daysBetween,
  emiMessages,
  isTerminalLoanStatus,
  paymentEventType,
  type TUpdatePaymentDateRequest,
  type TUpdatePaymentDateResponse,
} from '@lending/domain';
import type { EmiRow } from '../../db/schema';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { toEmiView } from '../loans';
import { runMoneyCall } from '../money';
import { EMI_NOT_FOUND } from './charges-service';
import { redatePaymentEvent, setPaymentDate } from './repository';

export const FUTURE_PAYMENT_DATE = 'Payment date cannot be in the future';

/**
 * `emiKey` names the EMI by its id or, failing that, by its number on the loan (docs/api.md); an id
 * of this loan wins when both could match.
 */
const emiByKey = (rows: readonly EmiRow[], key: number): EmiRow | null =>
  rows.find((row) => row.id === key) ?? rows.find((row) => row.emiNumber === key) ?? null;

/** Correcting the business date of a recorded payment (the inline edit and its messages). */
export const createPaymentDates = (deps: AppDeps) => ({
  /**
   * GET or POST /loans/update-payment-date: paid and partial EMIs only, never a date in the future,
   * refused on closed and default loans. The EMI, its payment record and the credit
   * event of the payment (on time or late again by the new date) change together under the loan's
   * lock, with an `emi_payment_date_updated` audit row. The ledger keeps when the money was recorded.
   */
  async update(
    actor: AuthUser,
    audit: Actor,
    input: TUpdatePaymentDateRequest,
  ): Promise<TUpdatePaymentDateResponse> {
    const date = input.payment_date;
    if (daysBetween(deps.clock.today(), date) > 0)
      throw badRequest('PAYMENT_DATE_IN_FUTURE', FUTURE_PAYMENT_DATE, [
        { param: 'payment_date', msg: FUTURE_PAYMENT_DATE },
      ]);
    // A correction, not a request a client retries: no Idempotency-Key, the loan's lock is what it needs.
    const call = { actor, audit, claim: null, loanId: input.loanId };
    const answer = await runMoneyCall(deps, call, async ({ tx, loaded, now }) => {
      const { loan, rows } = loaded;
      if (isTerminalLoanStatus(loan.status))
        throw conflict(
          'LOAN_TERMINAL',
          `This loan is ${loan.status}; its payment dates can no longer change.`,
        );
      const emi = emiByKey(rows, input.emiKey);
      if (!emi) throw new AppError('EMI_NOT_FOUND', EMI_NOT_FOUND);
      if ((emi.status !== 'paid' && emi.status !== 'partial') || emi.paymentDate === null)
        throw conflict(
          'EMI_NOT_PAID',
          `EMI ${emi.emiNumber} is ${emi.status}: only a paid or partially paid EMI has a payment date.`,
        );
      if (emi.paymentDate === date) return { message: emiMessages.paymentDateUpdated, emi: toEmiView(emi) };

      const eventType = paymentEventType(emi.emiDate, date);
      await setPaymentDate(tx, emi.id, date, now);
      const events = await redatePaymentEvent(tx, loan.id, emi.emiNumber, eventType, date);
      await writeAudit(tx, audit, {
        action: 'emi_payment_date_updated',
        resourceType: 'loan',
        resourceId: loan.id,
        metadata: {
          emi_id: emi.id,
          emi_number: emi.emiNumber,
          from: emi.paymentDate,
          to: date,
          credit_event: events > 0 ? eventType : null,
        },
      });
      return {
        message: emiMessages.paymentDateUpdated,
        emi: toEmiView({ ...emi, paymentDate: date, updatedAt: now }),
      };
    });
    return answer.body;
  },
});
