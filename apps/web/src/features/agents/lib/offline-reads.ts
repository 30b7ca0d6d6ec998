import { readCached } from '../../../lib/offline/db';

/** The cache key of the agent's overdue EMIs (the whole book, unsearched), whose time is "last synced". */
export const OVERDUE_CACHE_KEY = 'agent:overdue';
export const UPCOMING_CACHE_KEY = 'agent:upcoming';

/** When the agent's data was last fetched from the server (ISO), or null. */
export const lastSyncedAt = async (): Promise<string | null> =>
  (await readCached(OVERDUE_CACHE_KEY))?.savedAt ?? null;
