import { addDays, type IsoDate } from './ist';

/** The IST calendar months a dashboard compares: this month (from its 1st) and the one before. */
export type MonthWindows = {
  /** The 1st of this month. */
  currentStart: IsoDate;
  /** The 1st of next month (exclusive end of this month). */
  nextStart: IsoDate;
  /** The 1st of last month. */
  lastStart: IsoDate;
};

const firstOf = (year: number, month: number): IsoDate =>
  new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);

/** This month's and last month's bounds around an IST calendar date. */
export const monthWindowsOf = (today: IsoDate): MonthWindows => {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return {
    currentStart: firstOf(year, month),
    nextStart: firstOf(year, month + 1),
    lastStart: firstOf(year, month - 1),
  };
};

/** The last day of a window that starts today and lasts `days` days. */
export const windowEnd = (today: IsoDate, days: number): IsoDate => addDays(today, days - 1);

/**
 * Month-on-month change in percent, to one decimal: 0 when last month had nothing (a rise from
 * nothing has no meaningful percentage, and the cards show 0 rather than infinity).
 */
export const percentChange = (current: number, last: number): number =>
  last === 0 ? 0 : Math.round(((current - last) / last) * 1000) / 10;

/** A duration as people read it on a status panel: '2d 3h', '3h 12m', '4m 10s', '12s'. */
export const durationText = (totalSeconds: number): string => {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${s % 60}s`;
  return `${s}s`;
};
