import { addDays, daysBetween, type IsoDate, isIsoDate } from '../time';

/** The days of the week, as a loan product names its weekly off-days. */
export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_TITLES: Record<Weekday, string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};

/** The day of the week of a calendar date. */
export const weekdayOf = (date: IsoDate): Weekday => {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] as Weekday;
};

/**
 * When a loan is collected: every day but its product's weekly off-days and the lender's holidays.
 * A loan without a product is collected every calendar day (`EVERY_DAY`).
 */
export type CollectionCalendar = { offDays: readonly Weekday[]; holidays: ReadonlySet<IsoDate> };

export const EVERY_DAY: CollectionCalendar = { offDays: [], holidays: new Set() };

/** Refuses a calendar with no collection day in the week: no schedule could ever end. */
const assertCollects = (calendar: CollectionCalendar) => {
  if (new Set(calendar.offDays).size >= WEEKDAYS.length)
    throw new RangeError('A collection calendar needs at least one collection day a week');
};

export const isCollectionDay = (date: IsoDate, calendar: CollectionCalendar): boolean =>
  !calendar.offDays.includes(weekdayOf(date)) && !calendar.holidays.has(date);

/** The first collection day on or after `date`. */
export const nextCollectionDay = (date: IsoDate, calendar: CollectionCalendar): IsoDate => {
  assertCollects(calendar);
  let day = date;
  // Each week has a collection day, and each holiday can cost at most that week's: within 7 × (holidays + 1) days.
  for (let guard = 0; guard < 7 * (calendar.holidays.size + 1); guard += 1) {
    if (isCollectionDay(day, calendar)) return day;
    day = addDays(day, 1);
  }
  throw new RangeError(`No collection day found after ${date}`);
};

/**
 * The due dates of `count` instalments from `startDate`: EMI n falls on the n-th collection day on
 * or after the start (a start on an off-day or a holiday moves EMI 1 to the next collection day).
 * Every day counts when the calendar has no off-days and no holidays: EMI n on start + n − 1.
 */
export const collectionDates = (
  startDate: IsoDate,
  count: number,
  calendar: CollectionCalendar,
): IsoDate[] => {
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`Not a number of instalments: ${count}`);
  const dates: IsoDate[] = [];
  let day = startDate;
  while (dates.length < count) {
    day = nextCollectionDay(day, calendar);
    dates.push(day);
    day = addDays(day, 1);
  }
  return dates;
};

/** The last instalment's date: the loan's end date. */
export const collectionEndDate = (
  startDate: IsoDate,
  count: number,
  calendar: CollectionCalendar,
): IsoDate => {
  const last = collectionDates(startDate, count, calendar).at(-1);
  if (last === undefined) throw new RangeError('A schedule needs at least one instalment');
  return last;
};

/** An instalment as a holiday sees it: its number, its due date, and whether it is still open. */
export type ScheduledInstalment = { emiNumber: number; date: IsoDate; open: boolean };

/** An instalment a new holiday moves: from its date to its new one. */
export type MovedInstalment = { emiNumber: number; from: IsoDate; to: IsoDate };

/**
 * What declaring `holiday` does to one loan's schedule: every open instalment due on or after it
 * moves to the date its number now falls on (the n-th collection day from the start under the
 * calendar with the holiday), so the schedule from the holiday on is pushed back by one collection
 * day; settled instalments never move, and nothing before the holiday moves. No money moves.
 */
export const movesForHoliday = (
  loan: { startDate: IsoDate; instalments: readonly ScheduledInstalment[] },
  holiday: IsoDate,
  calendar: CollectionCalendar,
): MovedInstalment[] => {
  const withHoliday: CollectionCalendar = { ...calendar, holidays: new Set([...calendar.holidays, holiday]) };
  const count = Math.max(0, ...loan.instalments.map((emi) => emi.emiNumber));
  const dates = collectionDates(loan.startDate, count, withHoliday);
  return loan.instalments
    .filter((emi) => emi.open && daysBetween(holiday, emi.date) >= 0)
    .map((emi) => ({ emiNumber: emi.emiNumber, from: emi.date, to: dates[emi.emiNumber - 1] ?? emi.date }))
    .filter((move) => move.to !== move.from);
};
