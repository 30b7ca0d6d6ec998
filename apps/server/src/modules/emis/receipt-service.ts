import {
  type LedgerCause,
  type LedgerEntry,
  type LedgerKind,
  type PaymentMode,
  type PaymentType,
  paiseToRupees,
  paiseToRupeesOrNull,
  type TReceipt,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import type { EmiRow } from '../../db/schema';
import type { AuthUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { AppError, conflict } from '../../platform/errors';
import { findVisibleLoan, type LoanWithPeople, ledgerOfEmi } from '../loans';
import { findEmiByNumber, latestPaymentOf } from './repository';

/** The net of an EMI's ledger rows of one kind and cause (reversals from a schedule rewrite netted out). */
const net = (entries: readonly LedgerEntry[], kind: LedgerKind, causes: readonly LedgerCause[]) =>
  entries.reduce((sum, entry) => {
    const rowKind = entry.kind === 'reversal' ? entry.reverses : entry.kind;
    if (rowKind !== kind || !causes.includes(entry.cause)) return sum;
    return sum + (entry.kind === 'reversal' ? -entry.amount : entry.amount);
  }, 0);

/**
 * Where a payment's unpaid dues went: the carry out of the EMI by emi_only or partial that is not
 * cancelled by a schedule rewrite's reversal.
 */
const carryOf = (entries: readonly LedgerEntry[]): { to: number; amount: number } | null => {
  const byTarget = new Map<number, number>();
  for (const entry of entries) {
    const kind = entry.kind === 'reversal' ? entry.reverses : entry.kind;
    if (kind !== 'carry' || entry.to_emi_number === null) continue;
    if (entry.cause !== 'emi_only' && entry.cause !== 'partial') continue;
    const sign = entry.kind === 'reversal' ? -1 : 1;
    byTarget.set(entry.to_emi_number, (byTarget.get(entry.to_emi_number) ?? 0) + sign * entry.amount);
  }
  const live = [...byTarget].filter(([, amount]) => amount !== 0).at(-1);
  return live ? { to: live[0], amount: live[1] } : null;
};

/**
 * The receipt of a paid or partial EMI, its amounts read from the ledger rows booked
 * against the EMI and from the EMI row, its mode and collector from the payment record.
 */
export const readReceipt = async (db: Executor, people: LoanWithPeople, emi: EmiRow): Promise<TReceipt> => {
  const { loan } = people;
  const entries = await ledgerOfEmi(db, loan.id, emi.emiNumber);
  const payment = await latestPaymentOf(db, emi.id);
  const carry = carryOf(entries);
  return {
    loan_id: loan.id,
    loan_code: loan.loanCode,
    loan_number: loan.loanNumber,
    customer_name: people.customerName,
    customer_mobile: people.customerMobile,
    emi_id: emi.id,
    emi_number: emi.emiNumber,
    payment_date: emi.paymentDate ?? '',
    paid_at: emi.paidAt?.toISOString() ?? null,
    due_date: emi.emiDate,
    amount: paiseToRupees(emi.amount),
    late_charge: paiseToRupees(emi.lateCharge),
    late_charge_levied: paiseToRupees(net(entries, 'charge', ['collection_charge'])),
    amount_collected: paiseToRupees(net(entries, 'collected', ['payment'])),
    payment_type: emi.paymentType as PaymentType,
    payment_mode: (payment?.paymentMode as PaymentMode | undefined) ?? null,
    partial_payment_amount: paiseToRupeesOrNull(emi.partialPaymentAmount),
    remaining_balance: paiseToRupees(emi.remainingBalance ?? 0),
    partial_charge: paiseToRupees(net(entries, 'charge', ['partial_charge'])),
    carried_amount: paiseToRupees(carry?.amount ?? 0),
    carried_to_emi: carry?.to ?? null,
    collected_by: payment?.collectorName ?? null,
  };
};

/** Whether an EMI has a payment to show a receipt for. */
export const hasReceipt = (emi: EmiRow) =>
  (emi.status === 'paid' || emi.status === 'partial') && emi.paymentType !== null && emi.paymentDate !== null;

/** Receipts for the receipt calls: within the caller's scope (borrowers: their own loans). */
export const createReceipts = (deps: AppDeps) => ({
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
});
