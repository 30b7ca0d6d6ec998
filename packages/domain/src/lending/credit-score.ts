import { addDays, type IsoDate } from '../time';

/** Counts of a customer's credit events the score is computed from. */
export type CreditScoreInput = {
  paidOnTime: number;
  paidLate: number;
  bounced: number;
  /** EMIs of the customer's loans due on or before today. */
  emisDueSoFar: number;
  bouncesLast30Days: number;
};

/** Credit bands. */
export const CREDIT_BANDS = ['Excellent', 'Good', 'Fair', 'Poor', 'Very Poor'] as const;
/** A credit band. */
export type CreditBand = (typeof CREDIT_BANDS)[number];

/** A credit score with the rates (percentages, for display) and the adjustments that made it. */
export type CreditScore = {
  score: number;
  band: CreditBand;
  bounceRate: number;
  latePaymentRate: number;
  paymentHistoryRate: number;
  adjustments: { bounceRate: number; latePaymentRate: number; paymentHistory: number; recentBounces: number };
};

/** The score every customer starts from, and its bounds. */
export const CREDIT_SCORE_START = 850;
/** The lowest score. */
export const CREDIT_SCORE_MIN = 300;
/** The highest score. */
export const CREDIT_SCORE_MAX = 850;

/**
 * The adjustment of the first tier whose threshold `part ÷ whole` reaches. Thresholds are compared
 * as `part × 100 ≥ percent × whole` on integers, so 10% is 10%, not 9.999…%.
 */
const tier = (
  part: number,
  whole: number,
  tiers: readonly (readonly [percent: number, adjustment: number, strict?: boolean])[],
): number => {
  if (whole <= 0) return 0;
  for (const [percent, adjustment, strict] of tiers) {
    const reached = strict ? part * 100 > percent * whole : part * 100 >= percent * whole;
    if (reached) return adjustment;
  }
  return 0;
};

/** A rate as a percentage with two decimals, for display only; rules never read it. */
const percentage = (part: number, whole: number): number =>
  whole <= 0 ? 0 : Math.round((part * 10000) / whole) / 100;

/** Bounces this many days back, today included, cost the recent-bounce deduction. */
export const RECENT_BOUNCE_DAYS = 30;

/**
 * The first day of the "last 30 days" window: a bounce dated on or after it (today included) is
 * recent, so on 2026-11-30 the window is 2026-11-01 … 2026-11-30.
 */
export const recentBounceWindowStart = (today: IsoDate): IsoDate => addDays(today, 1 - RECENT_BOUNCE_DAYS);

/** The band of a score: 750+ Excellent, 700+ Good, 650+ Fair, 600+ Poor, else Very Poor. */
export const creditBand = (score: number): CreditBand => {
  if (score >= 750) return 'Excellent';
  if (score >= 700) return 'Good';
  if (score >= 650) return 'Fair';
  if (score >= 600) return 'Poor';
  return 'Very Poor';
};

/**
 * The credit score with docs/lending-rules.md's rates: bounce rate = bounces ÷ (paid + bounced
 * events), late-payment rate = late ÷ paid events, payment-history share = paid events ÷ EMIs due so
 * far. A rate with a zero denominator is 0 (no history is neither good nor bad).
 */
export const creditScore = (input: CreditScoreInput): CreditScore => {
  const paid = input.paidOnTime + input.paidLate;
  const events = paid + input.bounced;
  const adjustments = {
    bounceRate: tier(input.bounced, events, [
      [50, -300],
      [25, -200],
      [10, -100],
      [0, -50, true],
    ]),
    latePaymentRate: tier(input.paidLate, paid, [
      [30, -100],
      [15, -50],
      [0, -25, true],
    ]),
    paymentHistory: tier(paid, input.emisDueSoFar, [
      [90, 50],
      [75, 25],
    ]),
    recentBounces: input.bouncesLast30Days > 0 ? -75 : 0,
  };
  const raw =
    CREDIT_SCORE_START +
    adjustments.bounceRate +
    adjustments.latePaymentRate +
    adjustments.paymentHistory +
    adjustments.recentBounces;
  const score = Math.min(CREDIT_SCORE_MAX, Math.max(CREDIT_SCORE_MIN, raw));
  return {
    score,
    band: creditBand(score),
    bounceRate: percentage(input.bounced, events),
    latePaymentRate: percentage(input.paidLate, paid),
    paymentHistoryRate: percentage(paid, input.emisDueSoFar),
    adjustments,
  };
};
