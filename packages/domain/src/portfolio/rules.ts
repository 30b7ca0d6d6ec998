import { type CollectionCalendar, collectionDates, EVERY_DAY } from '../calendar/calendar';
import type { Paise } from '../money/paise';
import { addDays, daysBetween, type IsoDate } from '../time/ist';

/**
 * Portfolio at risk, ageing and collection efficiency (docs/portfolio.md). Every rule reads a loan's
 * terms and the instalment money it had been paid by a day, never the EMI rows' current status, so a
 * figure for a past day is the same whenever it is asked. The server's SQL mirrors these functions.
 */

/** The PAR thresholds in days: PAR1 counts every overdue loan; PAR7/30/90 those more than 7/30/90 days overdue. */
export const PAR_THRESHOLDS = [1, 7, 30, 90] as const;
export type ParThreshold = (typeof PAR_THRESHOLDS)[number];

/** The ageing buckets of overdue loans by days overdue; `max` null is open-ended. */
export const AGEING_BUCKETS = [
  { key: '1-7', min: 1, max: 7 },
  { key: '8-30', min: 8, max: 30 },
  { key: '31-90', min: 31, max: 90 },
  { key: '91+', min: 91, max: null },
] as const;
export type AgeingBucketKey = (typeof AGEING_BUCKETS)[number]['key'];

/**
 * A loan's first day in the book: its start, or, for a loan taken over from another book, the
 * cut-over day when that is later. Its instalments dated before then and the money paid on them are
 * the opening position booked on the cut-over day, so on earlier days the loan is not in this book:
 * not at risk, not in arrears, and nothing of it was due.
 */
export const firstBookDay = (loan: { startDate: IsoDate; cutOverDate: IsoDate | null }): IsoDate =>
  loan.cutOverDate !== null && loan.cutOverDate > loan.startDate ? loan.cutOverDate : loan.startDate;

/**
 * What dates a loan's instalments: instalment n falls on its n-th collection day from the start (not
 * a weekly off-day of its product, not a holiday its schedule skips); every day without a calendar.
 */
export type InstalmentTerms = {
  startDate: IsoDate;
  totalEmiDays: number;
  calendar?: CollectionCalendar;
};

/** How many of a loan's instalments are dated on or before `day`: its collection days since the start, up to its tenure. */
export const instalmentsDatedBy = (loan: InstalmentTerms, day: IsoDate): number =>
  daysBetween(loan.startDate, day) < 0
    ? 0
    : collectionDates(loan.startDate, loan.totalEmiDays, loan.calendar ?? EVERY_DAY).filter((d) => d <= day)
        .length;

/** The date of a loan's instalment `n` (1-based): its n-th collection day. */
export const instalmentDate = (loan: InstalmentTerms, n: number): IsoDate => {
  const date = collectionDates(loan.startDate, n, loan.calendar ?? EVERY_DAY).at(-1);
  if (date === undefined) throw new RangeError(`Not an instalment number: ${n}`);
  return date;
};

/** What the portfolio rules need of one lent loan as of a day. */
export type LoanPosition = InstalmentTerms & {
  perDayEmi: Paise;
  loanAmount: Paise;
  /** Instalment money applied by the day: cash and credit applied, less what rewrites moved to credit. */
  instalmentPaid: Paise;
  /** Principal share of the cash collected by the day, net of refunds (the recovery split's). */
  principalRecovered: Paise;
};

export type LoanRisk = {
  outstandingPrincipal: Paise;
  /** Instalments dated on or before the day. */
  dueToDate: Paise;
  /** Instalments dated on or before the day and not yet paid. */
  arrears: Paise;
  /** The date of the oldest instalment not fully paid, when it is dated before the day. */
  oldestUnpaidDate: IsoDate | null;
  daysOverdue: number;
};

/**
 * A loan's risk as of the end of `asOf`. Payments are applied to the oldest instalments first, so the
 * instalments fully paid are ⌊paid ÷ per-day EMI⌋ and the oldest unpaid one is the next, dated on its
 * collection day; it is overdue once that date is before the day (an instalment dated yesterday is 1
 * day overdue; a Sunday off dates none, so Saturday's instalment paid leaves nothing overdue on Monday).
 */
export const loanRiskAsOf = (loan: LoanPosition, asOf: IsoDate): LoanRisk => {
  const dueToDate = instalmentsDatedBy(loan, asOf) * loan.perDayEmi;
  const covered = Math.min(loan.totalEmiDays, Math.floor(Math.max(0, loan.instalmentPaid) / loan.perDayEmi));
  const unpaidDate = covered < loan.totalEmiDays ? instalmentDate(loan, covered + 1) : null;
  const daysOverdue = unpaidDate ? Math.max(0, daysBetween(unpaidDate, asOf)) : 0;
  return {
    outstandingPrincipal: Math.max(0, loan.loanAmount - loan.principalRecovered),
    dueToDate,
    arrears: Math.max(0, dueToDate - loan.instalmentPaid),
    oldestUnpaidDate: daysOverdue > 0 ? unpaidDate : null,
    daysOverdue,
  };
};

/** Whether a loan so many days overdue counts in PAR `threshold`. */
export const isAtRisk = (daysOverdue: number, threshold: ParThreshold): boolean =>
  threshold === 1 ? daysOverdue >= 1 : daysOverdue > threshold;

/** The ageing bucket of a loan so many days overdue; null when it is not overdue. */
export const ageingBucketOf = (daysOverdue: number): AgeingBucketKey | null =>
  AGEING_BUCKETS.find((b) => daysOverdue >= b.min && (b.max === null || daysOverdue <= b.max))?.key ?? null;

/** Outstanding principal by ageing bucket (and of loans not overdue), as the SQL aggregates it. */
export type BucketAmounts = Record<AgeingBucketKey | 'current', { loans: number; amount: Paise }>;

/** PAR N from the buckets: the buckets' edges are the thresholds, so PAR N is the sum of the buckets beyond N. */
export const parFromBuckets = (buckets: BucketAmounts, threshold: ParThreshold) => {
  const counted = AGEING_BUCKETS.filter((b) => isAtRisk(b.min, threshold));
  return {
    loans: counted.reduce((sum, b) => sum + buckets[b.key].loans, 0),
    amount: counted.reduce((sum, b) => sum + buckets[b.key].amount, 0),
  };
};

/** `part` as a percentage of `whole` to two decimals, 0 when the whole is 0. */
export const percentShare = (part: number, whole: number): number =>
  whole === 0 ? 0 : Math.round((part * 10_000) / whole) / 100;

export const EFFICIENCY_PERIODS = ['day', 'week', 'month'] as const;
export type EfficiencyPeriod = (typeof EFFICIENCY_PERIODS)[number];

/**
 * The days of the period holding `date` (a week runs Monday to Sunday), ending no later than
 * `today`: what is dated after today is not due yet.
 */
export const periodWindow = (period: EfficiencyPeriod, date: IsoDate, today: IsoDate) => {
  let from = date;
  let to = date;
  if (period === 'week') {
    const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
    from = addDays(date, -weekday);
    to = addDays(from, 6);
  } else if (period === 'month') {
    from = `${date.slice(0, 8)}01`;
    const next = new Date(`${from}T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    to = addDays(next.toISOString().slice(0, 10), -1);
  }
  return { from, through: to < today ? to : today };
};

/**
 * What was due in a period: the instalments dated in it plus the arrears standing at its start.
 * Efficiency is the instalment money collected in the period against it, as a percentage.
 */
export const collectionEfficiency = (figures: {
  collected: Paise;
  arrearsAtStart: Paise;
  dueInPeriod: Paise;
}) => {
  const due = figures.arrearsAtStart + figures.dueInPeriod;
  return { ...figures, due, ratio: percentShare(figures.collected, due) };
};
