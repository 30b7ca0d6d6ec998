import type { Paise } from '../money';
import type { IsoDate } from '../time';
import { isPaise } from './arith';
import { collectPayment } from './collect';
import { holdCash } from './credit';
import { guardLoan, rupees } from './emi-rules';
import type { LedgerEntry } from './ledger';
import { MAX_LOAN_AMOUNT_PAISE } from './limits';
import { openEmis } from './open';
import type { OverduePayment } from './overdue';
import { type LendingOutcome, refuse } from './refusals';
import type { CreditEvent, LoanState } from './types';

/** What an amount received for a loan did: the EMIs it paid in full, and what it left as credit held. */
export type ReceivedApplication = {
  /** Each EMI paid, oldest first, as `collectPayment` paid it (`full`), with its own ledger rows. */
  payments: OverduePayment[];
  /** Σ collected by those payments. */
  paid: Paise;
  /** The rest, held as the loan's credit (0 when the amount was used up exactly). */
  held: Paise;
  /** The held part's rows as `holdCash` writes them (loan-level `collected`, `credit`); none if held is 0. */
  heldEntries: LedgerEntry[];
};

/** An amount received for a loan outside the screens (a collection sheet's row, a statement's line). */
export type ReceivedAmountInput = {
  amount: Paise;
  /** The business day: the EMIs due are the open ones dated on or before it (overdue and today's). */
  today: IsoDate;
  /**
   * The day the money was received (the statement's date): each EMI's payment date and whether it was
   * paid on time. Today when absent.
   */
  receivedOn?: IsoDate;
};

const amountRefusal = `The amount received must be above ₹0 and at most ${rupees(MAX_LOAN_AMOUNT_PAISE)}.`;

/**
 * How an amount received for a running loan is applied (docs/lending-rules.md "An amount received"):
 * the oldest open EMI due by today (overdue, then today's) is paid `full`, exactly as `collectPayment`
 * pays one EMI (its amount and late charge, the current bounced EMI's dues rolled in), on the state the
 * payment before it left, as long as what is left covers that EMI's whole due. Whatever is left — less
 * than the next EMI's due, or more than everything due — becomes the loan's credit held with
 * `holdCash`'s rows, never a partial payment and never an EMI not yet due: an admin applies credit when
 * they decide to, as for any credit held. So Σ collected rows = the amount: no rupee lost or invented.
 * Refused on a loan that is not running and for an amount out of bounds.
 */
export const applyReceivedAmount = (
  state: LoanState,
  input: ReceivedAmountInput,
): LendingOutcome<ReceivedApplication> => {
  const loanRefusal = guardLoan(state);
  if (loanRefusal) return loanRefusal;
  if (!isPaise(input.amount) || input.amount <= 0 || input.amount > MAX_LOAN_AMOUNT_PAISE)
    return refuse(state, 'INVALID_AMOUNT', amountRefusal);
  const receivedOn = input.receivedOn ?? input.today;
  let current = state;
  let left = input.amount;
  const entries: LedgerEntry[] = [];
  const events: CreditEvent[] = [];
  const payments: OverduePayment[] = [];
  // Each turn settles one EMI, so the loop ends; the next EMI is read from the state the last one left.
  while (current.status === 'approved') {
    const next = openEmis(current).find((emi) => emi.emi_date <= input.today);
    if (!next) break;
    const paid = collectPayment(current, {
      emiNumber: next.emi_number,
      paymentType: 'full',
      today: receivedOn,
    });
    if (!paid.ok) return { ...paid, state };
    if (paid.collected > left) break;
    const { ok: _ok, state: after, entries: rows, events: happened, ...result } = paid;
    left -= paid.collected;
    current = after;
    entries.push(...rows);
    events.push(...happened);
    payments.push({ ...result, emiNumber: next.emi_number, entries: rows });
  }
  let heldEntries: LedgerEntry[] = [];
  if (left > 0) {
    const held = holdCash(current, { amount: left });
    if (!held.ok) return { ...held, state };
    heldEntries = held.entries;
  }
  return {
    ok: true,
    state: current,
    entries: [...entries, ...heldEntries],
    events,
    payments,
    paid: input.amount - left,
    held: left,
    heldEntries,
  };
};
