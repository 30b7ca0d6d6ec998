import {
  type LedgerCause,
  type LedgerEntry,
  type LedgerKind,
  type PaymentType,
  paiseToRupees,
  paiseToRupeesOrNull,
  type RecordedPaymentMode,
  type TReceipt,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import type { EmiRow } from '../../db/schema';
import type { AuthUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict, notFound } from '../../platform/errors';
import { findLinkedLoan, findVisibleLoan } from '../loans';
import { type LoanWithPeople, ledgerOfPayment, listLedger, type RecordedPayment } from '../money';
import {
  findEmiByNumber,
  findPaymentWithCollector,
  latestPaymentOf,
  type PaymentWithCollector,
} from './repository';

/** The net of ledger rows of some kinds and causes (reversals netted out). */
const net = (entries: readonly LedgerEntry[], kinds: readonly LedgerKind[], causes: readonly LedgerCause[]) =>
  entries.reduce((sum, entry) => {
    const rowKind = entry.kind === 'reversal' ? entry.reverses : entry.kind;
    if (rowKind === null || !kinds.includes(rowKind) || !causes.includes(entry.cause)) return sum;
    return sum + (entry.kind === 'reversal' ? -entry.amount : entry.amount);
  }, 0);

/** Where a payment's unpaid dues went: its carry out of the EMI by emi_only or partial, if any. */
const carryOf = (entries: readonly LedgerEntry[]): { to: number; amount: number } | null => {
  const byTarget = new Map<number, number>();
  for (const entry of entries) {
    const kind = entry.kind === 'reversal' ? entry.reverses : entry.kind;
    if (kind !== 'carry' || entry.to_emi_number === null) continue;
    if (entry.cause !== 'emi_only' && entry.cause !== 'partial' && entry.cause !== 'opening') continue;
    const sign = entry.kind === 'reversal' ? -1 : 1;
    byTarget.set(entry.to_emi_number, (byTarget.get(entry.to_emi_number) ?? 0) + sign * entry.amount);
  }
  const live = [...byTarget].filter(([, amount]) => amount !== 0).at(-1);
  return live ? { to: live[0], amount: live[1] } : null;
};

// `opening`: an EMI paid before the cut-over (a loan taken over from another book) shows what was paid.
const PAID_CAUSES: LedgerCause[] = ['payment', 'emi_only', 'partial', 'apply_credit', 'opening'];

/**
 * A payment's receipt, its amounts read from the ledger rows that name the payment (what was
 * collected that day, whatever happened to the schedule since), the EMI's figures from the payment
 * record's snapshot or, for older records, the EMI row. Older payments whose rows name no payment
 * read the rows booked against the EMI.
 */
const receiptOf = async (
  db: Executor,
  people: LoanWithPeople,
  payment: PaymentWithCollector | null,
  emi: EmiRow | null,
): Promise<TReceipt> => {
  const linked = payment ? await ledgerOfPayment(db, payment.id) : [];
  const emiNumber = payment?.emiNumber ?? emi?.emiNumber ?? 0;
  const entries = linked.length > 0 ? linked : await listLedger(db, people.loan.id, emiNumber);
  return composeReceipt(people, payment, emi, entries);
};

/** The EMI facts a receipt falls back on when its payment record does not say them. */
export type ReceiptEmi = Pick<
  EmiRow,
  | 'id'
  | 'emiNumber'
  | 'paymentType'
  | 'paymentDate'
  | 'paidAt'
  | 'emiDate'
  | 'amount'
  | 'lateCharge'
  | 'partialPaymentAmount'
  | 'remainingBalance'
>;

/**
 * A receipt from its parts: the payment record (with its collector's name), the EMI and the ledger
 * rows it names. A payment being recorded passes what its own transaction just stored, so the receipt
 * is the one a later read of the same rows answers.
 */
/** The payment record's facts a receipt shows. */
export type ReceiptPayment = Pick<
  PaymentWithCollector,
  | 'id'
  | 'emiNumber'
  | 'paymentType'
  | 'paymentMode'
  | 'paymentDate'
  | 'paidAt'
  | 'emiDate'
  | 'emiAmount'
  | 'emiLateCharge'
  | 'partialPaymentAmount'
  | 'remainingBalance'
  | 'collectorName'
>;

export const composeReceipt = (
  people: LoanWithPeople,
  payment: ReceiptPayment | null,
  emi: ReceiptEmi | null,
  entries: readonly LedgerEntry[],
): TReceipt => {
  const { loan } = people;
  const emiNumber = payment?.emiNumber ?? emi?.emiNumber ?? 0;
  const carry = carryOf(entries);
  const paymentType = (payment?.paymentType ?? emi?.paymentType) as PaymentType;
  return {
    loan_id: loan.id,
    loan_code: loan.loanCode,
    loan_number: loan.loanNumber,
    customer_name: people.customerName,
    customer_mobile: people.customerMobile,
    emi_id: emi?.id ?? null,
    payment_id: payment?.id ?? null,
    emi_number: emiNumber,
    payment_date: payment?.paymentDate ?? emi?.paymentDate ?? '',
    paid_at: (payment?.paidAt ?? emi?.paidAt)?.toISOString() ?? null,
    due_date: payment?.emiDate ?? emi?.emiDate ?? '',
    amount: paiseToRupees(payment?.emiAmount ?? emi?.amount ?? 0),
    late_charge: paiseToRupees(payment?.emiLateCharge ?? emi?.lateCharge ?? 0),
    late_charge_levied: paiseToRupees(net(entries, ['charge'], ['collection_charge'])),
    amount_collected: paiseToRupees(net(entries, ['collected', 'credit_applied', 'opening'], PAID_CAUSES)),
    payment_type: paymentType,
    payment_mode: (payment?.paymentMode as RecordedPaymentMode | undefined) ?? null,
    partial_payment_amount: paiseToRupeesOrNull(
      payment?.partialPaymentAmount ?? emi?.partialPaymentAmount ?? null,
    ),
    remaining_balance: paiseToRupees(payment?.remainingBalance ?? emi?.remainingBalance ?? 0),
    partial_charge: paiseToRupees(net(entries, ['charge'], ['partial_charge'])),
    carried_amount: paiseToRupees(carry?.amount ?? 0),
    carried_to_emi: carry?.to ?? null,
    collected_by: payment?.collectorName ?? null,
  };
};

/** The receipt of a payment its own transaction just recorded: the one a later read of its rows answers. */
export const recordedReceipt = (people: LoanWithPeople, recorded: RecordedPayment): TReceipt =>
  composeReceipt(people, recorded.record, recorded.emi, recorded.ledger);

/** The receipt of a paid or partial EMI: of its latest payment. */
export const readReceipt = async (db: Executor, people: LoanWithPeople, emi: EmiRow): Promise<TReceipt> =>
  receiptOf(db, people, await latestPaymentOf(db, emi.id), emi);

/** Whether an EMI has a payment to show a receipt for. */
export const hasReceipt = (emi: EmiRow) =>
  (emi.status === 'paid' || emi.status === 'partial') && emi.paymentType !== null && emi.paymentDate !== null;

/** Receipts for the receipt calls: within the caller's scope (borrowers: their own loans). */
export const createReceipts = (deps: AppDeps) => {
  const paymentReceipt = async (paymentId: number, findLoan: (loanId: number) => Promise<LoanWithPeople>) => {
    const payment = await findPaymentWithCollector(deps.db, paymentId);
    if (!payment) throw notFound('Payment not found');
    const people = await findLoan(payment.loanId);
    const emi =
      payment.emiId === null ? null : await findEmiByNumber(deps.db, payment.loanId, payment.emiNumber);
    return { people, receipt: await receiptOf(deps.db, people, payment, emi) };
  };
  return {
    async get(actor: AuthUser, loanId: number, emiNumber: number) {
      const people = await findVisibleLoan(deps.db, actor, loanId);
      const emi = await findEmiByNumber(deps.db, loanId, emiNumber);
      if (!emi) throw new AppError('EMI_NOT_FOUND', `EMI ${emiNumber} does not exist on this loan.`);
      if (!hasReceipt(emi))
        throw conflict(
          'EMI_NOT_PAID',
          `EMI ${emiNumber} is ${emi.status}: only paid or partially paid EMIs have a receipt.`,
        );
      return { people, emi, receipt: await readReceipt(deps.db, people, emi) };
    },

    /**
     * The receipt of one payment record, also after a schedule rewrite replaced its EMI: it shows what
     * was collected that day. Outside the caller's scope (or unknown) 404.
     */
    async ofPayment(actor: AuthUser, paymentId: number) {
      return paymentReceipt(paymentId, (loanId) => findVisibleLoan(deps.db, actor, loanId));
    },

    /** The receipt a message's signed link opens: the link names the payment, no session is asked. */
    async ofLinkedPayment(paymentId: number) {
      return paymentReceipt(paymentId, (loanId) => findLinkedLoan(deps.db, loanId));
    },
  };
};
