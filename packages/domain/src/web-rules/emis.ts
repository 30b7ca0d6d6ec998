import { collectPayment } from '../lending/collect';
import { latestLateChargeEmi } from '../lending/open';
import { pendingEmi } from '../lending/schedule';
import type { Emi, LoanState, LoanStatus, PaymentType } from '../lending/types';
import { type Paise, parseRupees, rupeesToPaise } from '../money/paise';
import type { TEmiView } from '../schemas/loans';

/**
 * The money dialogs of the web app: what they may offer and the live preview
 * of a payment, from the API's EMI views. Money is converted to paise first and every figure comes
 * from the lending rules themselves (collectPayment), so a preview is what the server will book.
 */

/** A rupee amount typed into a form (number or text) in paise; null when blank, not a number or finer than a paisa. */
export const typedPaise = (value: number | string | null | undefined): Paise | null => {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (text === '' || !/^-?\d*\.?\d*$/.test(text)) return null;
  const parsed = parseRupees(text);
  return parsed.ok ? parsed.paise : null;
};

/**
 * The current bounced EMI (docs/lending-rules.md) as the views show it, replaying bounces (`bounced_at`) and
 * payments (`paid_at`) in the order they happened: a bounce makes its EMI current unless a later
 * EMI is current (then it rolls into that one); paying the current EMI or a later one ends it.
 * Waivers leave it where it is.
 */
export const currentBouncedNumber = (emis: readonly TEmiView[]): number | null => {
  const events: { at: string; kind: 0 | 1; emi: number }[] = [];
  for (const emi of emis) {
    if (emi.status === 'bounced' || emi.bounced_at !== null)
      events.push({ at: emi.bounced_at ?? '', kind: 0, emi: emi.emi_number });
    if ((emi.status === 'paid' || emi.status === 'partial') && emi.paid_at !== null)
      events.push({ at: emi.paid_at, kind: 1, emi: emi.emi_number });
  }
  events.sort((a, b) => (a.at === b.at ? a.kind - b.kind : a.at < b.at ? -1 : 1));
  let current: number | null = null;
  for (const event of events) {
    if (event.kind === 0 && (current === null || current <= event.emi)) current = event.emi;
    if (event.kind === 1 && current !== null && current <= event.emi) current = null;
  }
  const stillBounced = emis.some((emi) => emi.emi_number === current && emi.status === 'bounced');
  return stillBounced ? current : null;
};

/** The lending rules' view of a loan, rebuilt from the API's EMI views. */
export const loanStateFromViews = (status: LoanStatus, emis: readonly TEmiView[]): LoanState => {
  const current = currentBouncedNumber(emis);
  return {
    status,
    emis: emis.map(
      (view): Emi => ({
        emi_number: view.emi_number,
        emi_date: view.emi_date,
        amount: rupeesToPaise(view.amount),
        late_charge: rupeesToPaise(view.late_charge),
        // Only splits collections into instalment and penalty; totals do not depend on it.
        carried_instalment: 0,
        status: view.status,
        payment_type: view.payment_type,
        paid_on: view.payment_date,
        partial_payment_amount:
          view.partial_payment_amount === null ? null : rupeesToPaise(view.partial_payment_amount),
        remaining_balance: view.remaining_balance === null ? null : rupeesToPaise(view.remaining_balance),
        bounce_count: view.bounce_count,
        bounced_on: null,
        bounced_reason: view.bounced_reason,
        bounce_status: view.status === 'bounced' ? 'bounced' : null,
        dues_with: view.status === 'bounced' && view.emi_number === current ? view.emi_number : null,
      }),
    ),
  };
};

/**
 * A due-list row as the lending rules see it: the EMI, the dues of an earlier current bounced EMI
 * that a full payment collects with it (`full_payment_amount` − amount − late charge, as a bounced
 * EMI just before it) and a pending EMI after it, since the due list does not show where a carry goes
 * (the server refuses a carry from the last EMI).
 */
export const dueEmiState = (row: {
  emi_number: number;
  emi_date: string;
  amount: number;
  late_charge: number;
  status: TEmiView['status'];
  full_payment_amount: number | null;
}): LoanState => {
  const amount = rupeesToPaise(row.amount);
  const lateCharge = rupeesToPaise(row.late_charge);
  const rolledIn =
    row.full_payment_amount === null ? 0 : rupeesToPaise(row.full_payment_amount) - amount - lateCharge;
  const emi: Emi = {
    ...pendingEmi(row.emi_number, row.emi_date, amount),
    late_charge: lateCharge,
    status: row.status,
    bounce_status: row.status === 'bounced' ? 'bounced' : null,
    dues_with: row.status === 'bounced' && row.full_payment_amount !== null ? row.emi_number : null,
  };
  const emis: Emi[] = [emi, pendingEmi(row.emi_number + 1, row.emi_date, 0)];
  if (rolledIn > 0 && row.emi_number > 1) {
    emis.unshift({
      ...pendingEmi(row.emi_number - 1, row.emi_date, rolledIn),
      status: 'bounced',
      bounce_status: 'bounced',
      dues_with: row.emi_number - 1,
    });
  }
  return { status: 'approved', emis };
};

/** Whether Mark Paid and Mark Bounced are offered for an EMI. */
export const canSettleEmi = (loanStatus: LoanStatus, emi: TEmiView, emis: readonly TEmiView[]): boolean =>
  loanStatus === 'approved' &&
  (emi.status === 'pending' || (emi.status === 'bounced' && currentBouncedNumber(emis) === emi.emi_number));

/**
 * "The latest late charge" (docs/lending-rules.md) as the views show it: the EMI number and late
 * charge (paise) of the highest-numbered open EMI owing one — the lending rule itself, applied to
 * the state rebuilt from the views; null when no open EMI owes a late charge.
 */
export const latestLateChargeEmiOf = (
  emis: readonly TEmiView[],
): { emi_number: number; late_charge: Paise } | null => {
  const latest = latestLateChargeEmi(loanStateFromViews('approved', emis));
  return latest === null ? null : { emi_number: latest.emi_number, late_charge: latest.late_charge };
};

/** The latest late charge in paise; 0 when no open EMI owes one. */
export const latestLateChargeOf = (emis: readonly TEmiView[]): Paise =>
  latestLateChargeEmiOf(emis)?.late_charge ?? 0;

/**
 * Partial payment limits: the input allows 0 up to the EMI amount plus the latest late
 * charge; the confirm button needs a number above 0 and at most the EMI amount.
 */
export const partialInputMax = (emiAmount: Paise, latestLateCharge: Paise): Paise =>
  emiAmount + latestLateCharge;

export const partialAmountAcceptable = (amount: Paise | null, emiAmount: Paise): boolean =>
  amount !== null && amount > 0 && amount <= emiAmount;

/** What a payment would do, in paise. */
export type TPaymentPreview =
  | {
      ok: true;
      /** Cash received now. */
      collected: Paise;
      /** What a partial payment leaves of the instalment. */
      remaining: Paise;
      /** The 10% charge on that remaining, rounded to the rupee. */
      partialCharge: Paise;
      /** What moves on to the next open EMI (late charges, remaining and its charge). */
      carried: Paise;
      /** Which EMI the carry goes to, when known. */
      carriedTo: number | null;
    }
  | { ok: false; message: string };

/**
 * The live preview of a payment of EMI `emiNumber`: the lending rules applied to `state`, with the
 * extra late charge levied at collection (paise, ≥ 0) and, for partial, the typed amount.
 */
export const previewPayment = (
  state: LoanState,
  input: {
    emiNumber: number;
    paymentType: PaymentType;
    partialAmount: Paise | null;
    extraCharge: Paise | null;
  },
): TPaymentPreview => {
  const emi = state.emis.find((candidate) => candidate.emi_number === input.emiNumber);
  if (emi === undefined) return { ok: false, message: `EMI ${input.emiNumber} not found` };
  const outcome = collectPayment(state, {
    emiNumber: input.emiNumber,
    paymentType: input.paymentType,
    paymentAmount: input.paymentType === 'partial' ? input.partialAmount : null,
    lateCharge: input.extraCharge,
    today: emi.emi_date,
  });
  if (!outcome.ok) return { ok: false, message: outcome.message };
  const paid = outcome.state.emis.find((candidate) => candidate.emi_number === input.emiNumber);
  return {
    ok: true,
    collected: outcome.collected,
    remaining: paid?.remaining_balance ?? 0,
    partialCharge: outcome.partialCharge,
    carried: outcome.carried?.amount ?? 0,
    carriedTo: outcome.carried?.to ?? null,
  };
};

/** The Payments Due cards, in paise and counts; `openCount`/`openAmount`: the open rows and what they owe. */
export type TDueTotals = {
  totalToCollect: Paise;
  overdue: number;
  pending: number;
  lateCharges: Paise;
  openCount: number;
  openAmount: Paise;
};

/** The Payments Due cards of a filter that matches no EMI: every figure zero. */
export const NO_DUE_TOTALS: TDueTotals = {
  totalToCollect: 0,
  overdue: 0,
  pending: 0,
  lateCharges: 0,
  openCount: 0,
  openAmount: 0,
};

export const dueTotals = (
  rows: readonly {
    amount: number;
    late_charge: number;
    status: TEmiView['status'];
    is_current_bounce?: boolean;
  }[],
): TDueTotals =>
  rows.reduce<TDueTotals>((totals, row) => {
    const amount = rupeesToPaise(row.amount);
    const lateCharge = rupeesToPaise(row.late_charge);
    const pending = row.status === 'pending';
    const open = pending || (row.status === 'bounced' && row.is_current_bounce === true);
    return {
      totalToCollect: totals.totalToCollect + (pending ? amount + lateCharge : 0),
      overdue: totals.overdue + (lateCharge > 0 ? 1 : 0),
      pending: totals.pending + (pending ? 1 : 0),
      lateCharges: totals.lateCharges + lateCharge,
      openCount: totals.openCount + (open ? 1 : 0),
      openAmount: totals.openAmount + (open ? amount + lateCharge : 0),
    };
  }, NO_DUE_TOTALS);
