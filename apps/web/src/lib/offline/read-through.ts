import { isApiError } from '../../api/client';
import { readCached, writeCached } from './db';

/**
 * A read of the field agent's own data that also works offline: its answer is kept on the phone
 * (unless `store` is false, e.g. a searched read), and when no answer comes at all the kept one stands
 * in (`fallback` may narrow it, e.g. to a search). A refusal from the server is never masked.
 */
export const readThrough = async <T>(
  key: string,
  fetcher: () => Promise<T>,
  options: { store?: boolean; fallback?: (kept: T) => T } = {},
): Promise<T> => {
  const { store = true, fallback = (kept: T) => kept } = options;
  try {
    const value = await fetcher();
    if (store) await writeCached(key, value);
    return value;
  } catch (error) {
    if (!isApiError(error) || error.status !== 0) throw error;
    const kept = await readCached<T>(key);
    if (kept === null) throw error;
    return fallback(kept.value);
  }
};
