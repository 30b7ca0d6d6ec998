import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { addToWindow } from './repository';
import { tooManyAttempts } from './throttle';

/**
 * Limits of the anonymous password-reset calls, per hour. Per client address, asking for links
 * (`requestsPerAddress`) and trying tokens (`resetsPerAddress`) are refused past the limit with
 * 429 TOO_MANY_ATTEMPTS. Per e-mail address, at most `mailsPerEmail` links are sent; further asks
 * get the usual answer and send nothing, so nobody can flood a mailbox and the answer still does
 * not tell whether the address has an account (the count is kept for unknown addresses too).
 */
export type ResetLimits = { requestsPerAddress: number; mailsPerEmail: number; resetsPerAddress: number };

export const DEFAULT_RESET_LIMITS: ResetLimits = {
  requestsPerAddress: 10,
  mailsPerEmail: 3,
  resetsPerAddress: 20,
};

const WINDOW_MS = 3_600_000;

export const createResetThrottle = (db: Db, clock: Clock, limits: ResetLimits = DEFAULT_RESET_LIMITS) => {
  /** Counts one call for `key`; answers whether it is within `max`, and when the window ends. */
  const claim = async (key: string, max: number) => {
    const now = clock.now();
    const { total, windowStartedAt } = await addToWindow(
      db,
      key,
      1,
      now,
      new Date(now.getTime() - WINDOW_MS),
    );
    return { within: total <= max, until: new Date(windowStartedAt.getTime() + WINDOW_MS), now };
  };
  const refuseBeyond = async (key: string, max: number, what: string) => {
    const { within, until, now } = await claim(key, max);
    if (!within) throw tooManyAttempts('TOO_MANY_ATTEMPTS', until, now, what);
  };

  return {
    /** Before a link is asked for: refuses a busy address; answers whether this e-mail may get a mail. */
    async beforeRequest(email: string, ip: string | null) {
      if (ip) await refuseBeyond(`reset-request:${ip}`, limits.requestsPerAddress, 'password reset requests');
      return (await claim(`reset-mail:${email.trim().toLowerCase()}`, limits.mailsPerEmail)).within;
    },
    /** Before a token is tried: refuses an address guessing tokens. */
    beforeReset: (ip: string | null) =>
      ip
        ? refuseBeyond(`reset:${ip}`, limits.resetsPerAddress, 'password reset attempts')
        : Promise.resolve(),
  };
};
