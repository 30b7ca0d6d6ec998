import { WEEKDAYS, type Weekday } from './calendar';

/**
 * Weekly off-days as one small integer, the way a loan keeps them: bit i set means weekday i is off
 * (0 = Sunday, as `Date#getUTCDay` and PostgreSQL's `extract(dow)` number them). 0 = collected
 * every day.
 */
export type OffDaysMask = number;

/** The largest mask with a collection day left: six days off. 127 (all seven) is never valid. */
export const ALL_WEEKDAYS_MASK = 127;

/** The mask of a list of off-days (duplicates are harmless). */
export const offDaysMask = (offDays: readonly Weekday[]): OffDaysMask =>
  offDays.reduce((mask, day) => mask | (1 << WEEKDAYS.indexOf(day)), 0);

/** The off-days a mask names, Sunday first. */
export const offDaysOf = (mask: OffDaysMask): Weekday[] =>
  WEEKDAYS.filter((_, index) => (mask & (1 << index)) !== 0);

/** Whether a mask leaves at least one collection day in the week. */
export const isCollectingMask = (mask: OffDaysMask): boolean =>
  Number.isInteger(mask) && mask >= 0 && mask < ALL_WEEKDAYS_MASK;
