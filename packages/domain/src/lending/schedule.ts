import { type CollectionCalendar, collectionDates, EVERY_DAY } from '../calendar/calendar';
import type { Paise } from '../money';
import type { IsoDate } from '../time';
import { isPaise, mulDiv } from './arith';
import type { LendingRefusal } from './refusals';
import type { Emi } from './types';

/**
 * What a schedule is made from. `calendar` is the loan's collection calendar (its product's weekly
 * off-days and the lender's holidays); without one every calendar day is a collection day.
 */
export type ScheduleParams = {
  startDate: IsoDate;
  perDayEmiPaise: Paise;
  totalEmiDays: number;
  calendar?: CollectionCalendar;
};

const checkParams = ({ perDayEmiPaise, totalEmiDays }: ScheduleParams): void => {
  if (!isPaise(perDayEmiPaise) || perDayEmiPaise <= 0) {
    throw new RangeError(`per-day EMI must be a positive whole number of paise, got ${perDayEmiPaise}`);
  }
  if (!Number.isSafeInteger(totalEmiDays) || totalEmiDays < 1) {
    throw new RangeError(`tenure must be a whole number of days, at least 1, got ${totalEmiDays}`);
  }
};

/** A fresh, untouched EMI. */
export const pendingEmi = (emiNumber: number, emiDate: IsoDate, amount: Paise): Emi => ({
  emi_number: emiNumber,
  emi_date: emiDate,
  amount,
  late_charge: 0,
  carried_instalment: 0,
  status: 'pending',
  payment_type: null,
  paid_on: null,
  partial_payment_amount: null,
  remaining_balance: null,
  bounce_count: 0,
  bounced_on: null,
  bounced_reason: null,
  bounce_status: null,
  dues_with: null,
});

/**
 * The schedule written when a loan is created or rewritten: EMI n (1-based) is due on the n-th
 * collection day from the start (start + n − 1 when every day collects), for the per-day EMI,
 * pending. Throws on invalid parameters: they are validated at the API edge, so reaching here with
 * them is a bug.
 */
export const generateSchedule = (params: ScheduleParams): Emi[] => {
  checkParams(params);
  return collectionDates(params.startDate, params.totalEmiDays, params.calendar ?? EVERY_DAY).map(
    (date, index) => pendingEmi(index + 1, date, params.perDayEmiPaise),
  );
};

/** The last EMI's date: the `totalEmiDays`-th collection day (start + days − 1 when every day collects). */
export const endDate = (
  startDate: IsoDate,
  totalEmiDays: number,
  calendar: CollectionCalendar = EVERY_DAY,
): IsoDate => {
  const dates = collectionDates(startDate, totalEmiDays, calendar);
  const last = dates.at(-1);
  if (last === undefined) throw new RangeError('A schedule needs at least one instalment');
  return last;
};

/** A loan's totals, or why they are refused. */
export type LoanTotals = { ok: true; totalRepayable: Paise; interest: Paise } | LendingRefusal;

/** Total repayable = per-day EMI × days; interest = total − loan amount; a total below the amount is refused. */
export const loanTotals = (
  loanAmountPaise: Paise,
  perDayEmiPaise: Paise,
  totalEmiDays: number,
): LoanTotals => {
  const totalRepayable = perDayEmiPaise * totalEmiDays;
  const valid =
    isPaise(loanAmountPaise) &&
    loanAmountPaise > 0 &&
    isPaise(perDayEmiPaise) &&
    perDayEmiPaise > 0 &&
    Number.isSafeInteger(totalEmiDays) &&
    totalEmiDays > 0 &&
    isPaise(totalRepayable);
  if (!valid) {
    return {
      ok: false,
      code: 'INVALID_AMOUNT',
      message: 'Loan amount, EMI and tenure must be positive whole amounts',
    };
  }
  if (totalRepayable < loanAmountPaise) {
    return {
      ok: false,
      code: 'TOTAL_BELOW_AMOUNT',
      message: 'Per-day EMI × tenure must be at least the loan amount',
    };
  }
  return { ok: true, totalRepayable, interest: totalRepayable - loanAmountPaise };
};

/** A collected instalment amount split into principal and interest. */
export type RecoverySplit = { principal: Paise; interest: Paise };

/**
 * Splits `amount` of instalment money in the ratio loan amount : interest. The principal is
 * cumulative: principal(C) = floor(C × loan ÷ total) for everything collected so far, and this
 * amount's principal is principal(before + amount) − principal(before). So the remainder paisa of
 * each split goes to interest, the parts always sum to `amount`, and once the whole total repayable
 * is collected the principals sum to exactly the loan amount (no drift across hundreds of EMIs).
 * Pass `collectedBefore` = instalment money already collected on the loan; 0 splits on its own.
 */
export const splitRecovery = (
  amount: Paise,
  loan: { loanAmount: Paise; totalRepayable: Paise },
  collectedBefore: Paise = 0,
): RecoverySplit => {
  const { loanAmount, totalRepayable } = loan;
  const inputs = [amount, loanAmount, totalRepayable, collectedBefore, collectedBefore + amount];
  if (!inputs.every((value) => isPaise(value) && value >= 0) || loanAmount > totalRepayable) {
    throw new RangeError('splitRecovery needs whole non-negative paise and a loan amount within the total');
  }
  if (totalRepayable === 0) return { principal: 0, interest: amount };
  // Past the total (never for instalment money) everything further counts as interest.
  const principalUpTo = (collected: Paise): Paise =>
    mulDiv(Math.min(collected, totalRepayable), loanAmount, totalRepayable);
  const principal = principalUpTo(collectedBefore + amount) - principalUpTo(collectedBefore);
  return { principal, interest: amount - principal };
};
