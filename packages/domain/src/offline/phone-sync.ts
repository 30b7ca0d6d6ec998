import { COLLECTED_AT_MAX_SKEW_MS } from './collected-at';

/**
 * What a field agent's phone reports of its offline queue whenever it is online (at start and after
 * every sync round): how many collections still wait on it and when it last synced. Admins read it
 * beside the agent's cash in hand, so cash still on a phone is never out of sight.
 */

/** More collections than this never wait on one phone: a larger count is a broken client. */
export const PHONE_PENDING_MAX = 10_000;

/** The message of a refused `last_synced_at`. */
export const LAST_SYNCED_MESSAGE = 'last_synced_at cannot be in the future';

/** A phone's last sync time is acceptable at the server's `now` when not ahead of it beyond the clock skew. */
export const isLastSyncedInBounds = (lastSyncedAt: Date, now: Date): boolean => {
  const at = lastSyncedAt.getTime();
  return Number.isFinite(at) && at <= now.getTime() + COLLECTED_AT_MAX_SKEW_MS;
};

/**
 * Of two reports' last sync times, the later (reports from two tabs may arrive out of order; the
 * last successful sync never moves back).
 */
export const laterSync = (stored: Date | null, reported: Date | null): Date | null => {
  if (stored === null) return reported;
  if (reported === null) return stored;
  return reported.getTime() > stored.getTime() ? reported : stored;
};
