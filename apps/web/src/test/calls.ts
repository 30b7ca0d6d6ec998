import type { TMockCall } from './mock-api';

/** The mock API's calls to one path, in order. */
export const callsTo = (calls: TMockCall[], path: string) => calls.filter((call) => call.path === path);

/** The query parameters of the last call to a path (null where absent). */
export const lastParams = (calls: TMockCall[], path: string, ...keys: string[]) => {
  const call = callsTo(calls, path).at(-1);
  return Object.fromEntries(keys.map((key) => [key, call?.url.searchParams.get(key) ?? null]));
};

/** GET /clock pinned to a business day in Asia/Kolkata. */
export const pinnedClock = (today: string) => ({
  body: { today, now: new Date().toISOString(), time_zone: 'Asia/Kolkata', pinned: true },
});
