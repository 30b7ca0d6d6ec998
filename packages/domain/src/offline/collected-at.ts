import { type IsoDate, istDateOf } from '../time/ist';

/** How far ahead of the server's clock a phone's clock may run (its clock drifts). */
export const COLLECTED_AT_MAX_SKEW_MS = 5 * 60 * 1000;
/** How old a collection made offline may be when it reaches the server. */
export const COLLECTED_AT_MAX_AGE_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The message of a refused `collected_at`. */
export const COLLECTED_AT_MESSAGE = `collected_at cannot be in the future nor more than ${COLLECTED_AT_MAX_AGE_DAYS} days old`;

/**
 * Whether a phone's collection time is acceptable at the server's `now`: at most a few minutes ahead
 * (clock skew), at most seven days behind.
 */
export const isCollectedAtInBounds = (collectedAt: Date, now: Date): boolean => {
  const at = collectedAt.getTime();
  return (
    Number.isFinite(at) &&
    at <= now.getTime() + COLLECTED_AT_MAX_SKEW_MS &&
    at >= now.getTime() - COLLECTED_AT_MAX_AGE_DAYS * DAY_MS
  );
};

/**
 * A payment synced late: collected (phone's time, Asia/Kolkata day) before the business day the
 * server booked it on. Its ledger rows carry the later day, so closed days' reports never change.
 */
export const isSyncedLate = (collectedAt: Date | null, businessDate: IsoDate): boolean =>
  collectedAt !== null && istDateOf(collectedAt) < businessDate;
