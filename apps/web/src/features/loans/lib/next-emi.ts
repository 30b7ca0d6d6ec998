import { daysBetween, type IsoDate, isIsoDate } from '@lending/domain';

/** 'Today', 'Tomorrow', 'N days' or 'N/A' for the next EMI's date. */
export const nextEmiIn = (nextEmiDate: string | null | undefined, today: IsoDate): string => {
  if (nextEmiDate === null || nextEmiDate === undefined || !isIsoDate(nextEmiDate)) return 'N/A';
  const days = daysBetween(today, nextEmiDate);
  if (days < 0) return 'N/A';
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `${days} days`;
};
