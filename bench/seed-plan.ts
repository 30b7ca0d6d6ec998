/**
 * What each template loan of the bench portfolio goes through: drawn from a seeded random source,
 * so the same options always give the same portfolio.
 */
import type { PaymentMode, TPayEmiRequest } from '@lending/domain';

/** A small deterministic random source (mulberry32). */
export const randomSource = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick, between: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)) };
};
export type RandomSource = ReturnType<typeof randomSource>;

/** What happened on an EMI's own date. */
export type EmiStep =
  | { kind: 'pay'; emi: number; type: TPayEmiRequest['payment_type']; mode: PaymentMode; amount?: number }
  | { kind: 'bounce'; emi: number; charge: number; reason: string }
  | { kind: 'skip'; emi: number };

/** What is done to the loan once its history is written. */
export type Ending = 'none' | 'foreclose' | 'edit_terms' | 'clear_charges';

export type TemplatePlan = {
  amount: number;
  perDayEmi: number;
  days: number;
  /** Days before today the loan started (its first EMI's date). */
  startedDaysAgo: number;
  status: 'pending_acceptance' | 'accepted' | 'processing' | 'approved';
  steps: EmiStep[];
  ending: Ending;
};

const TERMS = [60, 90, 100, 100, 120, 150] as const;
const BOUNCE_REASONS = ['Insufficient funds', 'Customer not available', 'Shop closed', 'Cheque returned'];
/** Mostly cash at the door, then UPI; the rest are rare. */
const MODES: readonly PaymentMode[] = [
  ...Array<PaymentMode>(14).fill('cash'),
  ...Array<PaymentMode>(4).fill('upi'),
  'bank_transfer',
  'cheque',
  'card',
  'other',
];

/** Payers: most pay every day, some are erratic, some stopped paying at some point (the book at risk). */
const behaviourOf = (random: RandomSource) => {
  const roll = random.next();
  if (roll < 0.7)
    return { full: 0.96, bounce: 0.01, partial: 0.01, emiOnly: 0.01, stopAfter: Number.POSITIVE_INFINITY };
  if (roll < 0.9)
    return { full: 0.72, bounce: 0.08, partial: 0.06, emiOnly: 0.05, stopAfter: Number.POSITIVE_INFINITY };
  return { full: 0.9, bounce: 0.03, partial: 0.02, emiOnly: 0.02, stopAfter: random.between(5, 60) };
};

const stepOf = (
  random: RandomSource,
  emi: number,
  perDayEmi: number,
  behaviour: ReturnType<typeof behaviourOf>,
): EmiStep => {
  if (emi > behaviour.stopAfter) return { kind: 'skip', emi };
  const roll = random.next();
  const mode = random.pick(MODES);
  if (roll < behaviour.full) return { kind: 'pay', emi, type: 'full', mode };
  if (roll < behaviour.full + behaviour.bounce)
    return {
      kind: 'bounce',
      emi,
      charge: random.pick([50, 100, 150, 200]),
      reason: random.pick(BOUNCE_REASONS),
    };
  if (roll < behaviour.full + behaviour.bounce + behaviour.partial)
    return { kind: 'pay', emi, type: 'partial', mode, amount: Math.max(1, Math.floor(perDayEmi / 2)) };
  if (roll < behaviour.full + behaviour.bounce + behaviour.partial + behaviour.emiOnly)
    return { kind: 'pay', emi, type: 'emi_only', mode };
  return { kind: 'skip', emi };
};

/** One template loan: its terms, how far along it is, and its day-by-day history up to today. */
export const planTemplate = (random: RandomSource): TemplatePlan => {
  const days = random.pick(TERMS);
  const perDayEmi = random.pick([60, 80, 100, 120, 150, 200, 250, 300, 500]);
  // Interest of 12–25% over the term, the loan amount rounded to ₹100.
  const amount = Math.floor((perDayEmi * days) / (1 + random.between(12, 25) / 100) / 100) * 100;
  const startedDaysAgo = random.between(0, 200);
  const roll = random.next();
  const status =
    roll < 0.02 ? 'pending_acceptance' : roll < 0.03 ? 'accepted' : roll < 0.04 ? 'processing' : 'approved';
  if (status !== 'approved')
    return { amount, perDayEmi, days, startedDaysAgo, status, steps: [], ending: 'none' };
  const behaviour = behaviourOf(random);
  // EMIs dated today are paid on about half the loans: the day is under way.
  const lastEmi = Math.min(days, startedDaysAgo + (random.next() < 0.5 ? 1 : 0));
  const steps = Array.from({ length: lastEmi }, (_, i) => stepOf(random, i + 1, perDayEmi, behaviour));
  const endRoll = random.next();
  const open = startedDaysAgo < days;
  const ending: Ending =
    open && endRoll < 0.03
      ? 'foreclose'
      : open && endRoll < 0.05
        ? 'edit_terms'
        : endRoll < 0.08
          ? 'clear_charges'
          : 'none';
  return { amount, perDayEmi, days, startedDaysAgo, status, steps, ending };
};
