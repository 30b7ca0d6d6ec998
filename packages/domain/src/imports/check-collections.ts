import { MAX_LOAN_AMOUNT_PAISE } from '../lending/limits';
import { PAYMENT_MODES, type PaymentMode } from '../lending/types';
import type { Paise } from '../money/paise';
import type { IsoDate } from '../time/ist';
import { PAYMENT_MODE_LABELS } from '../web-rules/payment-modes';
import { choiceWords, readChoice, readText } from './cells';
import { amountUpTo } from './check-loans';
import { IMPORT_REFERENCE_MAX } from './check-people';
import { readDate } from './dates';
import { normalizeHeader } from './kinds';
import { agentLink, loanLink } from './links';
import { importMessages } from './messages';
import { type RowCheck, shortText } from './row';
import { type ImportLink, referenceKey } from './seen';

/** A collection as a row of a collection sheet or a bank/UPI statement gives it. */
export type CollectionRecord = {
  loan: ImportLink;
  amount: Paise;
  date: IsoDate;
  mode: PaymentMode;
  /** The bank or UPI reference (UTR), the cheque number. */
  utr: string | null;
  collectedBy: ImportLink | null;
  /** The loan as the row names it (part of the key of a row without a UTR). */
  loanText: string;
};

/** Words a statement may write for each mode, besides the product's own labels. */
export const PAYMENT_MODE_WORDS: readonly (readonly [PaymentMode, readonly string[]])[] = PAYMENT_MODES.map(
  (mode) => [
    mode,
    [
      PAYMENT_MODE_LABELS[mode],
      ...(normalizeHeader(mode) === normalizeHeader(PAYMENT_MODE_LABELS[mode]) ? [] : [mode]),
      ...(
        {
          cash: ['Cash deposit', 'Hand'],
          upi: ['GPay', 'Google Pay', 'PhonePe', 'Paytm', 'BHIM', 'UPI transfer'],
          bank_transfer: ['Bank', 'NEFT', 'IMPS', 'RTGS', 'Transfer', 'Online', 'Net banking'],
          cheque: ['Check', 'CHQ'],
          card: ['Debit card', 'Credit card', 'POS'],
          other: [],
        } satisfies Record<PaymentMode, string[]>
      )[mode],
    ],
  ],
);
const MODES = choiceWords(PAYMENT_MODE_WORDS);
const MODE_LABELS = PAYMENT_MODES.map((mode) => PAYMENT_MODE_LABELS[mode]);

/**
 * A collection row whose loan is neither in the book nor on the Loans sheet. It is not an error:
 * the money was received, so the row waits in the "to match" list until an admin names its loan.
 */
export type UnmatchedCollection = Omit<CollectionRecord, 'loan'> & {
  /** Why it waits, in the product's words ("no loan OLD-9 in the book or on the Loans sheet"). */
  reason: string;
};

/** A checked Collections row: its record, or, when only its loan is unknown, what waits to be matched. */
export type CollectionCheck = { record: CollectionRecord | null; unmatched: UnmatchedCollection | null };

/**
 * Checks a Collections row: a running loan, an amount above ₹0, a day from the loan's start to today,
 * a reference once. A row whose only fault is a loan found nowhere is `unmatched`, not an error.
 */
export const checkCollectionRow = (check: RowCheck): CollectionCheck => {
  const { today, date1904, seen } = check.context;
  const unknown: { loan?: { text: string; reason: string } } = {};
  const loanText = check.read('loan', readText) ?? '';
  const loan = loanLink(check, 'loan', (text, reason) => {
    unknown.loan = { text, reason };
  });
  if (loan !== null && loan.status !== 'approved')
    check.fail('loan', importMessages.loanNotRunning(loan.name, loan.status));
  const amount = check.read('amount', amountUpTo(MAX_LOAN_AMOUNT_PAISE, { positive: true }));
  const date = check.read('date', (cell) => readDate(cell, date1904));
  if (date !== null && date > today) check.fail('date', importMessages.afterToday(date, today));
  if (date !== null && loan?.startDate && date < loan.startDate)
    check.fail('date', importMessages.beforeLoanStart(date, loan.startDate));
  const mode = check.read('mode', (cell) => readChoice(cell, MODES, MODE_LABELS)) ?? 'cash';
  const utr = check.read('utr', shortText(IMPORT_REFERENCE_MAX));
  if (utr !== null) {
    const earlier = seen.utrs.get(referenceKey(utr));
    if (earlier !== undefined) check.fail('utr', importMessages.appearsAgain(utr, earlier));
    else seen.utrs.set(referenceKey(utr), check.row);
  }
  const collectedBy = agentLink(check, 'collected_by');
  if (amount === null || date === null || check.errors.length > 0) return { record: null, unmatched: null };
  const fields = { amount, date, mode, utr, collectedBy, loanText };
  if (loan !== null) return { record: { loan: loan.link, ...fields }, unmatched: null };
  if (unknown.loan === undefined) return { record: null, unmatched: null };
  return { record: null, unmatched: { ...fields, reason: unknown.loan.reason } };
};

/** Checks a Collections row; its record when it has no error and its loan is known. */
export const checkCollection = (check: RowCheck): CollectionRecord | null => checkCollectionRow(check).record;
