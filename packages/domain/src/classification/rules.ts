import { addDays, daysBetween, type IsoDate } from '../time';

/**
 * RBI's asset classes of a loan at the end of a business day, by its days past due: standard (0),
 * SMA-0 (1–30), SMA-1 (31–60), SMA-2 (61–90), NPA (over 90). Codes are lower case, titles as RBI writes them.
 */
export const LOAN_CLASSES = ['standard', 'sma0', 'sma1', 'sma2', 'npa'] as const;
export type LoanClass = (typeof LOAN_CLASSES)[number];

/** What every screen, export and message calls each class. */
export const LOAN_CLASS_TITLES: Record<LoanClass, string> = {
  standard: 'Standard',
  sma0: 'SMA-0',
  sma1: 'SMA-1',
  sma2: 'SMA-2',
  npa: 'NPA',
};

/** The classes the register lists: every one but standard. */
export const REGISTER_CLASSES = ['sma0', 'sma1', 'sma2', 'npa'] as const satisfies readonly LoanClass[];

/** The last day past due of each class before the next (NPA has none). */
const CLASS_UPPER_DAYS: readonly [LoanClass, number][] = [
  ['standard', 0],
  ['sma0', 30],
  ['sma1', 60],
  ['sma2', 90],
];

/** The class days past due alone give: 0 standard, 1–30 SMA-0, 31–60 SMA-1, 61–90 SMA-2, over 90 NPA. */
export const classOfDaysPastDue = (daysPastDue: number): LoanClass => {
  if (!Number.isSafeInteger(daysPastDue) || daysPastDue < 0)
    throw new RangeError(`days past due must be a whole number ≥ 0, got ${daysPastDue}`);
  return CLASS_UPPER_DAYS.find(([, upTo]) => daysPastDue <= upTo)?.[0] ?? 'npa';
};

/**
 * A loan's own class today, from its days past due and its own class at the previous close: a loan
 * that was NPA stays NPA until all its arrears are paid (days past due 0), not when a part payment
 * brings its days down; then it is standard again, never an SMA class on the way.
 */
export const ownClassOf = (daysPastDue: number, previousOwn: LoanClass): LoanClass => {
  const byDays = classOfDaysPastDue(daysPastDue);
  if (previousOwn === 'npa' && daysPastDue > 0) return 'npa';
  return byDays;
};

/** One loan at a close: whose it is, how late it is, and its own class at the previous close. */
export type LoanAtClose = {
  loanId: number;
  customerId: number;
  daysPastDue: number;
  previousOwn: LoanClass;
};

/**
 * A loan's classes at a close: `ownClass` from its own days past due, and `loanClass`, the one it
 * is reported in, NPA for every loan of a borrower with an NPA loan of their own (`byBorrower`).
 */
export type LoanClassification = {
  loanId: number;
  customerId: number;
  daysPastDue: number;
  ownClass: LoanClass;
  loanClass: LoanClass;
  byBorrower: boolean;
};

/**
 * Classifies a book at one close: each loan by its own days past due and past NPA, then the
 * borrower rule: one NPA loan of their own makes every loan of that borrower NPA. A loan made NPA by
 * the borrower rule alone keeps its own class, so it returns to it once the borrower has no NPA loan.
 */
export const classifyLoans = (loans: readonly LoanAtClose[]): LoanClassification[] => {
  const own = loans.map((loan) => ({ ...loan, ownClass: ownClassOf(loan.daysPastDue, loan.previousOwn) }));
  const npaBorrowers = new Set(own.filter((l) => l.ownClass === 'npa').map((l) => l.customerId));
  return own.map(({ loanId, customerId, daysPastDue, ownClass }) => {
    const byBorrower = ownClass !== 'npa' && npaBorrowers.has(customerId);
    return {
      loanId,
      customerId,
      daysPastDue,
      ownClass,
      loanClass: byBorrower ? 'npa' : ownClass,
      byBorrower,
    };
  });
};

/** Why a loan's class changed at a close, as the register and Loan Details explain it. */
export const CLASS_CHANGE_REASONS = ['days_past_due', 'borrower_npa', 'arrears_paid'] as const;
export type ClassChangeReason = (typeof CLASS_CHANGE_REASONS)[number];

export const CLASS_CHANGE_REASON_TITLES: Record<ClassChangeReason, string> = {
  days_past_due: 'Days past due',
  borrower_npa: 'Another loan of the borrower is NPA',
  arrears_paid: 'All arrears paid',
};

/** Why a loan moved from `from` to the classification's class (null: it did not move). */
export const classChangeReason = (
  from: { loanClass: LoanClass; ownClass: LoanClass },
  to: LoanClassification,
): ClassChangeReason | null => {
  if (from.loanClass === to.loanClass && from.ownClass === to.ownClass) return null;
  if (to.byBorrower) return 'borrower_npa';
  if (from.ownClass === 'npa' && to.ownClass === 'standard') return 'arrears_paid';
  return 'days_past_due';
};

/** When the day-end close runs by itself unless the lender sets another time: late, after the last collections. */
export const DEFAULT_DAY_END_CLOSE_AT = '23:30';

/** A time of day as HH:MM (24-hour). */
export const CLOSE_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The business days the day-end close still owes, oldest first: every day after the last closed one
 * up to today once today's close time has passed (else up to yesterday). With no close yet, only the
 * latest such day: a lender starting to classify does not classify its past.
 */
export const closeDaysDue = (input: {
  lastClosed: IsoDate | null;
  today: IsoDate;
  /** The time of day now in India, HH:MM. */
  nowTime: string;
  closeAt: string;
}): IsoDate[] => {
  const latest = input.nowTime >= input.closeAt ? input.today : addDays(input.today, -1);
  const first = input.lastClosed === null ? latest : addDays(input.lastClosed, 1);
  const count = daysBetween(first, latest) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(first, i));
};

/** Whether a close of `date` may start now: never for a day still open (today before its close time, or later). */
export const isClosable = (date: IsoDate, today: IsoDate, nowTime: string, closeAt: string): boolean =>
  date < today || (date === today && nowTime >= closeAt);
