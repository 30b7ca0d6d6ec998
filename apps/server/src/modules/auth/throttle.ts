import type { Db } from '../../db/client';
import type { LoginThrottle } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { clearAttempts, lockKey, readAttempts, recordFailure } from './repository';

/**
 * Sign-in throttling: after a few failures answers are slowed, then the account or address is locked
 * for a while and refused with 429. Counters are rows, so every API process sees the same numbers.
 */
export type ThrottlePolicy = {
  windowMs: number;
  lockMs: number;
  slowAfter: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  /** Added per failure beyond `slowAfter`, capped at `maxDelayMs`. */
  delayStepMs: number;
  maxDelayMs: number;
};

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
  slowAfter: 3,
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 20,
  delayStepMs: 500,
  maxDelayMs: 3000,
};

const keysFor = (email: string, ip: string | null) => [
  { key: `email:${email}`, max: 'maxFailuresPerAccount' as const, code: 'ACCOUNT_LOCKED' as const },
  ...(ip
    ? [{ key: `ip:${ip}`, max: 'maxFailuresPerAddress' as const, code: 'TOO_MANY_ATTEMPTS' as const }]
    : []),
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const createLoginThrottle = (db: Db, policy: ThrottlePolicy, now: () => Date): LoginThrottle => ({
  /** Refuses with 429 while the account or address is locked; otherwise waits the current slow-down. */
  async beforeAttempt(email: string, ip: string | null) {
    const at = now();
    const windowStart = new Date(at.getTime() - policy.windowMs);
    let failures = 0;
    for (const { key, code } of keysFor(email, ip)) {
      const state = await readAttempts(db, key, windowStart);
      if (state.lockedUntil && state.lockedUntil > at) {
        const minutes = Math.ceil((state.lockedUntil.getTime() - at.getTime()) / 60_000);
        throw new AppError(
          code,
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          {
            headers: {
              'retry-after': String(Math.ceil((state.lockedUntil.getTime() - at.getTime()) / 1000)),
            },
          },
        );
      }
      failures = Math.max(failures, state.failures);
    }
    const delay = Math.min(
      policy.maxDelayMs,
      Math.max(0, failures - policy.slowAfter + 1) * policy.delayStepMs,
    );
    if (delay > 0) await sleep(delay);
  },

  async onFailure(email: string, ip: string | null) {
    const at = now();
    const windowStart = new Date(at.getTime() - policy.windowMs);
    for (const { key, max } of keysFor(email, ip)) {
      const failures = await recordFailure(db, key, at, windowStart);
      if (failures >= policy[max]) await lockKey(db, key, new Date(at.getTime() + policy.lockMs));
    }
  },

  async onSuccess(email: string) {
    await clearAttempts(db, `email:${email}`);
  },
});
