import {
  type CollectResult,
  collectPayment,
  emiMessages,
  type LedgerEntry,
  type PaymentMode,
  type PaymentType,
  rupeesToPaise,
  type TEmiPathParams,
  type TPayEmiRequest,
  type TPayEmiResponse,
} from '@lending/domain';
import { auditRowOf } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import type { Answer } from '../../platform/idempotency';
import type { Caller } from '../../platform/idempotent-route';
import { assertCashDayOpen } from '../cash';
import { ledgerInsert } from '../loans';
import {
  assertBodyMatchesPath,
  collectedAtOf,
  type MoneyContext,
  refusalError,
  runMoneyCall,
  storeOutcome,
  takeLedger,
} from './money-call';
import { composeReceipt } from './receipt-service';
import { insertPaymentBooked } from './repository';

/** One payment the lending rules accepted and `storeOutcome` stored, as the collector recorded it. */
export type StoredPayment = {
  emiNumber: number;
  paymentType: PaymentType;
  paymentMode: PaymentMode;
  notes?: string;
  result: CollectResult;
  /** The phone's time of a collection made offline (checked by `collectedAtOf`). */
  collectedAt?: Date | null;
  /** Extra facts for the audit row (e.g. which collection it was part of). */
  auditExtra?: Record<string, unknown>;
  /** The payment's own ledger rows when one money call records several; all waiting rows otherwise. */
  entries?: readonly LedgerEntry[];
};

/**
 * Records a stored payment within its money call (the one place both POST /emi/pay and the agents'
 * overdue collection write it): the `emi_payments` row (collector, mode, cash received, levied
 * charge, partial figures, carry), the notes on the EMI, and the `emi_paid` audit row. Answers the
 * receipt read back from what was stored, and the success message.
 */
export const recordPayment = async (
  context: MoneyContext,
  payment: StoredPayment,
): Promise<TPayEmiResponse> => {
  const { tx, call, people, now, today } = context;
  const { result } = payment;
  // A collector's closed day takes no more collections (docs/cash.md).
  await assertCashDayOpen(tx, call.actor.id, today);
  // The EMI as storeOutcome just wrote it: its row's fixed facts, its state from what was stored.
  const row = context.loaded.rows.find((emi) => emi.emiNumber === payment.emiNumber);
  const stored = context.storedState?.emis.find((emi) => emi.emi_number === payment.emiNumber);
  if (!row || !stored) throw new Error(`EMI ${payment.emiNumber} was not stored on loan ${call.loanId}`);
  const values = {
    loanId: call.loanId,
    emiId: row.id,
    emiNumber: row.emiNumber,
    paymentType: payment.paymentType,
    paymentMode: payment.paymentMode,
    amount: result.collected,
    lateChargeLevied: result.levied,
    partialPaymentAmount: stored.partial_payment_amount,
    remainingBalance: stored.remaining_balance,
    carriedAmount: result.carried?.amount ?? 0,
    carriedToEmi: result.carried?.to ?? null,
    collectedBy: call.actor.id,
    emiDate: row.emiDate,
    emiAmount: row.amount,
    emiLateCharge: stored.late_charge,
    paymentDate: today,
    paidAt: now,
    collectedAt: payment.collectedAt ?? null,
    notes: payment.notes || null,
  };
  const audit = auditRowOf(call.audit, {
    action: 'emi_paid',
    resourceType: 'loan',
    resourceId: call.loanId,
    metadata: {
      emi_id: row.id,
      emi_number: row.emiNumber,
      payment_type: payment.paymentType,
      payment_mode: payment.paymentMode,
      collected_paise: result.collected,
      late_charge_levied_paise: result.levied,
      partial_charge_paise: result.partialCharge,
      carried: result.carried,
      rolled_from: result.rolledFrom,
      ...(payment.collectedAt ? { collected_at: payment.collectedAt.toISOString() } : {}),
      ...payment.auditExtra,
    },
  });
  // The payment's ledger rows name the payment record and the audit row written with them.
  const ledger = takeLedger(context, { auditId: null, paymentMode: payment.paymentMode }, payment.entries);
  const { paymentId } = await insertPaymentBooked(tx, {
    payment: values,
    audit,
    ledger:
      ledger.rows.length === 0
        ? null
        : (ids) => ledgerInsert(call.loanId, ledger.rows, { ...ledger.link, ...ids }, ledger.basis),
    notes: payment.notes ? { emiId: row.id, notes: payment.notes, now } : null,
  });
  // The receipt from the rows just written, as a later receipt call reads them back.
  const record = { ...values, id: paymentId, collectorName: call.actor.name };
  const receipt = composeReceipt(people, record, row, ledger.rows);
  const message =
    payment.paymentType === 'partial'
      ? emiMessages.partiallyPaid(stored.partial_payment_amount ?? 0, stored.remaining_balance ?? 0)
      : emiMessages.fullyPaid(row.emiNumber);
  return { message, receipt };
};

const toPaise = (rupees: number | undefined) => (rupees === undefined ? null : rupeesToPaise(rupees));

/** Paying EMIs (docs/lending-rules.md "Payment of EMI n"), with a late charge levied at collection if any. */
export const createEmiPayments = (deps: AppDeps) => ({
  /**
   * POST /emi/pay/{loanId}/{emiNumber}: under the loan's lock the domain's `collectPayment` decides;
   * its EMIs, ledger rows and credit event are stored with a payment record (mode, collector) and an
   * `emi_paid` audit row; the answer is the receipt, read back from what was stored.
   */
  async pay(caller: Caller, path: TEmiPathParams, input: TPayEmiRequest): Promise<Answer<TPayEmiResponse>> {
    assertBodyMatchesPath(input, path);
    const paymentAmount = toPaise(input.payment_amount);
    const lateCharge = toPaise(input.late_charge_amount);
    const collectedAt = collectedAtOf(input.collected_at, deps.clock.now());
    return runMoneyCall(deps, { ...caller, loanId: path.loanId }, async (context) => {
      const { loaded, today } = context;
      const outcome = collectPayment(loaded.state, {
        emiNumber: path.emiNumber,
        paymentType: input.payment_type,
        paymentAmount,
        lateCharge,
        today,
      });
      if (!outcome.ok) {
        throw refusalError(outcome, {
          PARTIAL_AMOUNT_OUT_OF_RANGE: 'payment_amount',
          PAYMENT_AMOUNT_MISMATCH: 'payment_amount',
          LATE_CHARGE_OUT_OF_RANGE: 'late_charge_amount',
        });
      }
      await storeOutcome(context, outcome);
      return recordPayment(context, {
        emiNumber: path.emiNumber,
        paymentType: input.payment_type,
        paymentMode: input.payment_mode,
        notes: input.notes,
        result: outcome,
        collectedAt,
      });
    });
  },
});
