import type { Paise } from '../money';
import type { IsoDate } from '../time';
import { type CollectResult, collectPayment } from './collect';
import { guardLoan } from './emi-rules';
import type { LedgerEntry } from './ledger';
import { isOpen } from './open';
import { type LendingOutcome, refuse } from './refusals';
import type { CreditEvent, Emi, LoanState } from './types';

/** Overdue: open, and dated before today (Asia/Kolkata). */
export const isOverdue = (emi: Emi, today: IsoDate): boolean => isOpen(emi) && emi.emi_date < today;

/** A loan's overdue EMIs, oldest first. */
export const overdueEmis = (state: LoanState, today: IsoDate): Emi[] =>
  state.emis.filter((emi) => isOverdue(emi, today)).sort((a, b) => a.emi_number - b.emi_number);

/** One EMI's payment within an overdue collection. */
/** One EMI's payment within an overdue collection, with the ledger rows it wrote. */
export type OverduePayment = CollectResult & { emiNumber: number; entries: LedgerEntry[] };

/** What an overdue collection did: each EMI's payment in order, and the totals. */
export type OverdueCollection = { payments: OverduePayment[]; collected: Paise; levied: Paise };

/** What a collector records when collecting a loan's overdue EMIs. */
export type CollectOverdueInput = {
  today: IsoDate;
  /** An extra late charge (paise, ≥ 0) levied once, on the oldest overdue EMI, and collected with it. */
  lateCharge?: Paise | null;
};

export const NOTHING_OVERDUE_MESSAGE =
  'Nothing is overdue on this loan: every EMI dated before today is settled.';

/**
 * The agent's collect (docs/decisions.md "Agents"): every overdue EMI of the loan paid `full`,
 * oldest first, each exactly as `collectPayment` pays one EMI on the state the previous payment left
 * (so a current bounced EMI among them is paid with its dues, and nothing rolls forward past an
 * overdue EMI). The optional late charge is levied once, on the oldest EMI. All or nothing: any
 * refusal refuses the whole collection with the input state untouched. Nothing overdue is refused
 * (`NOTHING_OVERDUE`).
 */
export const collectOverdue = (
  state: LoanState,
  input: CollectOverdueInput,
): LendingOutcome<OverdueCollection> => {
  const loanRefusal = guardLoan(state);
  if (loanRefusal) return loanRefusal;
  const due = overdueEmis(state, input.today);
  if (due.length === 0) return refuse(state, 'NOTHING_OVERDUE', NOTHING_OVERDUE_MESSAGE);
  let current = state;
  const entries: LedgerEntry[] = [];
  const events: CreditEvent[] = [];
  const payments: OverduePayment[] = [];
  for (const [index, emi] of due.entries()) {
    const paid = collectPayment(current, {
      emiNumber: emi.emi_number,
      paymentType: 'full',
      today: input.today,
      lateCharge: index === 0 ? (input.lateCharge ?? null) : null,
    });
    if (!paid.ok) return { ...paid, state };
    const { ok: _ok, state: next, entries: rows, events: happened, ...result } = paid;
    current = next;
    entries.push(...rows);
    events.push(...happened);
    payments.push({ ...result, emiNumber: emi.emi_number, entries: rows });
  }
  return {
    ok: true,
    state: current,
    entries,
    events,
    payments,
    collected: payments.reduce((sum, payment) => sum + payment.collected, 0),
    levied: payments.reduce((sum, payment) => sum + payment.levied, 0),
  };
};
