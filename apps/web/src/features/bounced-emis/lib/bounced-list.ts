import { daysBetween, type IsoDate, isIsoDate, istDateOf } from '@lending/domain';

/** Bounced EMIs: 20 a page; the filters wait 400 ms; toasts close after 1 s. */
export const BOUNCED_PAGE_SIZE = 20;
export const BOUNCED_FILTER_DEBOUNCE_MS = 400;
export const BOUNCED_TOAST_MS = 1000;

/** Whole days since a bounce (its Asia/Kolkata date) up to today; never negative. */
export const bounceAgeDays = (bouncedAt: string, today: IsoDate): number => {
  const day = isIsoDate(bouncedAt) ? bouncedAt : istDateOf(new Date(bouncedAt));
  if (!isIsoDate(day)) return 0;
  return Math.max(0, daysBetween(day, today));
};

/** '1 day', '5 days'. */
export const daysLabel = (days: number): string => (days === 1 ? '1 day' : `${days} days`);
