import type { Paise } from '../money';
import { isPaise } from './arith';
import { guardLoan, rupees } from './emi-rules';
import {
  APPLIED_SIGN,
  effectiveKind,
  type LedgerEntry,
  LOAN_LEVEL_EMI,
  ledgerEntry,
  type MoneyParts,
  signOf,
} from './ledger';
import { MAX_LOAN_AMOUNT_PAISE } from './limits';
import { openEmis } from './open';
import { payEmi } from './payments';
import { type LendingOutcome, refuse } from './refusals';
import { type CreditEvent, isTerminalLoanStatus, type LoanState } from './types';

/**
 * What stands applied to each EMI number: cash collected, credit applied and money paid before the
 * cut-over, less what earlier rewrites already moved to credit (and less collections an old-style
 * rewrite reversed).
 */
export const appliedByEmi = (history: readonly LedgerEntry[]): Map<number, MoneyParts> => {
  const applied = new Map<number, MoneyParts>();
  for (const entry of history) {
    const kind = effectiveKind(entry);
    if (kind === null || APPLIED_SIGN[kind] === 0) continue;
    const sign = APPLIED_SIGN[kind] * signOf(entry);
    const parts = applied.get(entry.emi_number) ?? { instalment: 0, penalty: 0 };
    parts.instalment += sign * entry.instalment;
    parts.penalty += sign * entry.penalty;
    applied.set(entry.emi_number, parts);
  }
  return applied;
};

/**
 * The `credit` rows of a schedule rewrite: whatever stands applied to the old EMIs (cash collected,
 * credit applied and money paid before the cut-over, instalment and charges alike) becomes the loan's
 * credit held. The cash rows themselves stay as they are, so every past day keeps its collections.
 */
export const creditsOf = (history: readonly LedgerEntry[]): LedgerEntry[] =>
  [...appliedByEmi(history)]
    .sort(([a], [b]) => a - b)
    .filter(([, parts]) => parts.instalment !== 0 || parts.penalty !== 0)
    .map(([emiNumber, parts]) => ledgerEntry('credit', 'rewrite', emiNumber, parts));

/**
 * The loan's credit held, from its ledger rows: money a rewrite took off the old EMIs, less what was
 * applied from it to EMIs (by an admin or a foreclosure) and what was refunded.
 */
export const creditHeldOf = (entries: readonly LedgerEntry[]): Paise =>
  entries.reduce((held, entry) => {
    const kind = effectiveKind(entry);
    const sign = signOf(entry);
    if (kind === 'credit') return held + sign * entry.amount;
    if (kind === 'credit_applied' || kind === 'refund') return held - sign * entry.amount;
    return held;
  }, 0);

/** One EMI paid from credit held, with the ledger rows of its payment. */
export type CreditPayment = { emiNumber: number; applied: Paise; entries: LedgerEntry[] };

/** What applying credit did: how much, to which EMIs. */
export type ApplyCreditResult = { applied: Paise; emiNumbers: number[]; payments: CreditPayment[] };

/** Turns a payment's `collected` rows into `credit_applied` ones: no new cash, credit paid instead. */
const asCreditApplied = (entries: readonly LedgerEntry[], cause: LedgerEntry['cause']): LedgerEntry[] =>
  entries.map((entry) => (entry.kind === 'collected' ? { ...entry, kind: 'credit_applied', cause } : entry));

/**
 * Applies credit held (`credit`, paise) to an approved loan's open EMIs, oldest first, whole EMIs
 * only: each is paid as a `full` payment would pay it (its amount and late charge, with bounced dues
 * rolled in), until the next one no longer fits. Only an admin decides to; nothing applies it by
 * itself. Refused when the credit does not cover even the oldest open EMI.
 */
export const applyCredit = (
  state: LoanState,
  input: { credit: Paise; today: string },
): LendingOutcome<ApplyCreditResult> => {
  const loanRefusal = guardLoan(state);
  if (loanRefusal) return loanRefusal;
  if (!isPaise(input.credit) || input.credit <= 0)
    return refuse(state, 'NO_CREDIT_HELD', 'This loan holds no credit to apply.');
  let current = state;
  let left = input.credit;
  const entries: LedgerEntry[] = [];
  const events: CreditEvent[] = [];
  const payments: CreditPayment[] = [];
  for (const emi of openEmis(state)) {
    const paid = payEmi(current, { emiNumber: emi.emi_number, paymentType: 'full', today: input.today });
    if (!paid.ok) {
      if (payments.length === 0) return { ...paid, state };
      break;
    }
    if (paid.collected > left) break;
    left -= paid.collected;
    current = paid.state;
    const rows = asCreditApplied(paid.entries, 'apply_credit');
    entries.push(...rows);
    events.push(...paid.events);
    payments.push({ emiNumber: emi.emi_number, applied: paid.collected, entries: rows });
    // A full payment of a later EMI may have taken the current bounced EMI's dues with it.
    if (current.status !== 'approved') break;
  }
  if (payments.length === 0) {
    const first = openEmis(state)[0];
    if (!first) return refuse(state, 'NOTHING_PENDING', 'Nothing is pending on this loan.');
    return refuse(
      state,
      'CREDIT_NOT_ENOUGH',
      `The credit held (${rupees(input.credit)}) does not cover EMI ${first.emi_number} in full.`,
    );
  }
  return {
    ok: true,
    state: current,
    entries,
    events,
    applied: input.credit - left,
    emiNumbers: payments.map((payment) => payment.emiNumber),
    payments,
  };
};

/**
 * A refund of credit held to the borrower, once the loan is closed or in default (while it runs,
 * credit is applied to its EMIs instead): 0 < amount ≤ the credit held. One loan-level `refund` row.
 */
export const refundCredit = (
  state: LoanState,
  input: { credit: Paise; amount: Paise },
): LendingOutcome<{ refunded: Paise }> => {
  if (!isTerminalLoanStatus(state.status))
    return refuse(
      state,
      'REFUND_NOT_DUE',
      'Credit is refunded only once the loan is closed; while it runs, apply it to its EMIs.',
    );
  if (input.credit <= 0) return refuse(state, 'NO_CREDIT_HELD', 'This loan holds no credit to refund.');
  if (!isPaise(input.amount) || input.amount <= 0 || input.amount > input.credit)
    return refuse(
      state,
      'REFUND_AMOUNT_OUT_OF_RANGE',
      `The refund must be above ₹0 and at most the credit held (${rupees(input.credit)}).`,
    );
  return {
    ok: true,
    state,
    entries: [ledgerEntry('refund', 'refund', LOAN_LEVEL_EMI, { instalment: input.amount, penalty: 0 })],
    events: [],
    refunded: input.amount,
  };
};

/**
 * Cash an agent collected that can no longer be applied as collected (the EMI was paid by someone
 * else meanwhile, the loan was edited or closed, the amount no longer matches), recorded as the
 * loan's credit held: the cash counts as collected on the day it reaches the server, and the same
 * amount becomes credit held at once, so nothing stands applied to any EMI and the cash identity
 * holds. Two loan-level rows (EMI number 0): `collected` and `credit`, both of cause `held_cash`.
 * Any loan that was ever approved takes it (a running loan's credit is applied later by an admin, a
 * closed one's is refunded); 0 < amount ≤ the largest loan the book takes.
 */
export const holdCash = (state: LoanState, input: { amount: Paise }): LendingOutcome<{ held: Paise }> => {
  if (state.status !== 'approved' && !isTerminalLoanStatus(state.status))
    return refuse(state, 'LOAN_NOT_APPROVED', 'Cash can be held only on a loan that was approved.');
  if (!isPaise(input.amount) || input.amount <= 0 || input.amount > MAX_LOAN_AMOUNT_PAISE)
    return refuse(
      state,
      'INVALID_AMOUNT',
      `The cash held must be above ₹0 and at most ${rupees(MAX_LOAN_AMOUNT_PAISE)}.`,
    );
  const parts = { instalment: input.amount, penalty: 0 };
  return {
    ok: true,
    state,
    entries: [
      ledgerEntry('collected', 'held_cash', LOAN_LEVEL_EMI, parts),
      ledgerEntry('credit', 'held_cash', LOAN_LEVEL_EMI, parts),
    ],
    events: [],
    held: input.amount,
  };
};
