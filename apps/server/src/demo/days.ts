import { createClock, type IsoDate, istStartOfDay } from '@lending/domain';
import { findUserWithRoleByEmail } from '../modules/users';
import { type AuthUser, toAuthUser } from '../platform/access';
import type { Actor } from '../platform/audit';
import type { AppDeps } from '../platform/deps';

/** Where the demo's audit rows say a change came from. */
export const auditOf = (user: AuthUser): Actor => ({ userId: user.id, ip: null, userAgent: 'demo data' });

/** A demo account as the services see the signed-in caller. */
export const authUserOf = async (deps: AppDeps, email: string): Promise<AuthUser> => {
  const found = await findUserWithRoleByEmail(deps.db, email);
  if (!found) throw new Error(`demo user ${email} is missing`);
  return toAuthUser(found);
};

const MINUTE_MS = 60_000;
/** Office hours in IST: the first thing of a day happens at 09:30, the last before 20:00. */
const OPENS_AT_MINUTE = 9 * 60 + 30;
const DAY_MINUTES = 10 * 60;

/**
 * The app's services as they were on a past `day`: "today" is that business day and "now" a moment
 * of its office hours (`minute` minutes after opening), so ledger rows, payment records, receipts and
 * credit events carry the day the thing happened. Today itself keeps the real clock.
 */
export const depsOn = (deps: AppDeps, day: IsoDate, minute = 0): AppDeps => {
  if (day >= deps.clock.today()) return deps;
  const at = istStartOfDay(day).getTime() + (OPENS_AT_MINUTE + (minute % DAY_MINUTES)) * MINUTE_MS;
  return { ...deps, clock: createClock({ businessDate: day, now: () => new Date(at) }) };
};
