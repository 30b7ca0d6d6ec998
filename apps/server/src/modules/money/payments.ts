import type {
  AppliedOperation,
  CollectResult,
  Emi,
  LedgerEntry,
  PaymentMode,
  PaymentType,
} from '@lending/domain';
import type { EmiRow } from '../../db/schema';
import { auditRowOf } from '../../platform/audit';
import { type ReceiptFacts, receiptOutboxInsert } from '../messages';
import { checkCashDay, type MoneyContext, storeOutcome, takeLedger } from './frame';
import { ledgerInsert } from './ledger-repository';
import { insertPaymentBooked } from './payment-repository';

/** One payment the lending rules accepted, as the collector recorded it. */
export type PaymentToRecord = {
  emiNumber: number;
  paymentType: PaymentType;
  paymentMode: PaymentMode;
  notes?: string;
  result: CollectResult;
  /** The phone's time of a collection made offline (already checked against the server's clock). */
  collectedAt?: Date | null;
  /** Extra facts for the audit row (e.g. which collection it was part of). */
  auditExtra?: Record<string, unknown>;
  /** The payment's own ledger rows when one money call records several; all waiting rows otherwise. */
  entries?: readonly LedgerEntry[];
};

/** The `emi_payments` row of one payment: collector, mode, cash received, levied charge, partial figures, carry. */
const paymentValues = (context: MoneyContext, payment: PaymentToRecord, row: EmiRow, stored: Emi) => {
  const { call, now, today } = context;
  const { result } = payment;
  return {
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
};

/** A payment as its transaction just wrote it: the record, its EMI row and stored state, its ledger rows. */
export type RecordedPayment = {
  record: ReturnType<typeof paymentValues> & { id: number; collectorName: string };
  emi: EmiRow;
  stored: Emi;
  ledger: LedgerEntry[];
};

/**
 * Records one stored payment: its `emi_payments` row, its `emi_paid` audit row, its ledger rows
 * (naming both) and the notes on the EMI, in one statement.
 */
const recordPayment = async (
  context: MoneyContext,
  payment: PaymentToRecord,
  receipt: ReceiptFacts | null,
): Promise<RecordedPayment> => {
  const { tx, call, now } = context;
  const { result } = payment;
  // The EMI as storeOutcome just wrote it: its row's fixed facts, its state from what was stored.
  const row = context.loaded.rows.find((emi) => emi.emiNumber === payment.emiNumber);
  const stored = context.storedState?.emis.find((emi) => emi.emi_number === payment.emiNumber);
  if (!row || !stored) throw new Error(`EMI ${payment.emiNumber} was not stored on loan ${call.loanId}`);
  const values = paymentValues(context, payment, row, stored);
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
    receipt: receipt ? (paymentId) => receiptOutboxInsert(receipt, paymentId) : null,
  });
  return {
    record: { ...values, id: paymentId, collectorName: call.actor.name },
    emi: row,
    stored,
    ledger: ledger.rows,
  };
};

/**
 * Stores an accepted collection and records each of its payments, in order: the one place both
 * POST /emi/pay and the agents' overdue collection write them, so a collect's payment is recorded
 * exactly as a single one is.
 */
export const storePayments = async (
  context: MoneyContext,
  outcome: AppliedOperation,
  payments: readonly PaymentToRecord[],
  options: { receipt?: boolean } = {},
): Promise<RecordedPayment[]> => {
  await storeOutcome(context, outcome);
  // A collector's closed day takes no more collections (docs/cash.md).
  await checkCashDay(context);
  // One receipt for the whole collection, written with its last payment (docs/messages.md).
  const receipt = options.receipt === false ? null : receiptFactsOf(context, payments);
  const recorded: RecordedPayment[] = [];
  for (const [index, payment] of payments.entries())
    recorded.push(await recordPayment(context, payment, index === payments.length - 1 ? receipt : null));
  return recorded;
};

/** What a collection's receipt tells the borrower: the money it collected and the EMIs it paid. */
const receiptFactsOf = (context: MoneyContext, payments: readonly PaymentToRecord[]): ReceiptFacts | null => {
  const amountPaise = payments.reduce((sum, payment) => sum + payment.result.collected, 0);
  if (amountPaise <= 0) return null;
  const numbers = payments.map((payment) => payment.emiNumber);
  const first = Math.min(...numbers);
  const last = Math.max(...numbers);
  const { loan } = context.loaded;
  return {
    customerId: loan.customerId,
    customerName: context.people.customerName,
    loanId: loan.id,
    loanCode: loan.loanCode,
    amountPaise,
    emiNumbers: first === last ? String(first) : `${first}-${last}`,
    paidOn: context.today,
    now: context.now,
  };
};
