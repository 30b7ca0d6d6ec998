import type { Db } from '../../db/client';
import type { LoginThrottle } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { claimAttempt, clearAttempts, lockKey, readAttempts, recordFailure } from './repository';

/**
 * Sign-in throttling. Per account: each attempt is claimed in one atomic statement before the
 * password is checked, so parallel guesses get no more tries than sequential ones; the
 * `maxFailuresPerAccount`-th consecutive failure locks the account for `lockMs`, a success starts the
 * count again. Per client address (`request.ip`, which honours TRUST_PROXY): after
 * `maxFailuresPerAddress` failures in `windowMs` that address alone is refused, so one guesser on a
 * shared office address does not lock the staff out of their accounts. Counters are rows, so every
 * API process sees the same numbers.
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
  maxFailuresPerAddress: 100,
  delayStepMs: 500,
  maxDelayMs: 3000,
};

const accountKey = (email: string) => `email:${email.toLowerCase()}`;
const addressKey = (ip: string) => `ip:${ip}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 429 saying how long to wait, in words and in Retry-After. */
export const tooManyAttempts = (
  code: 'ACCOUNT_LOCKED' | 'TOO_MANY_ATTEMPTS',
  until: Date,
  at: Date,
  what = 'failed sign-in attempts',
) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(code, `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    headers: { 'retry-after': String(seconds) },
  });
};

export const createLoginThrottle = (db: Db, policy: ThrottlePolicy, now: () => Date): LoginThrottle => ({
  /**
   * Refuses with 429 while the address or the account is locked; otherwise claims this attempt for
   * the account and waits the current slow-down.
   */
  async beforeAttempt(email: string, ip: string | null) {
    const at = now();
    const windowStart = new Date(at.getTime() - policy.windowMs);
    let failures = 0;
    if (ip) {
      const address = await readAttempts(db, addressKey(ip), windowStart);
      if (address.lockedUntil && address.lockedUntil > at)
        throw tooManyAttempts('TOO_MANY_ATTEMPTS', address.lockedUntil, at);
      failures = address.failures;
    }
    const claim = await claimAttempt(db, accountKey(email), {
      now: at,
      windowStart,
      max: policy.maxFailuresPerAccount,
      lockUntil: new Date(at.getTime() + policy.lockMs),
    });
    if (claim.attempt > policy.maxFailuresPerAccount)
      throw tooManyAttempts(
        'ACCOUNT_LOCKED',
        claim.lockedUntil ?? new Date(at.getTime() + policy.lockMs),
        at,
      );
    failures = Math.max(failures, claim.attempt - 1);
    const delay = Math.min(
      policy.maxDelayMs,
      Math.max(0, failures - policy.slowAfter + 1) * policy.delayStepMs,
    );
    if (delay > 0) await sleep(delay);
  },

  /** The account's failure was counted when the attempt was claimed; the address's is counted here. */
  async onFailure(_email: string, ip: string | null) {
    if (!ip) return;
    const at = now();
    const key = addressKey(ip);
    const failures = await recordFailure(db, key, at, new Date(at.getTime() - policy.windowMs));
    if (failures >= policy.maxFailuresPerAddress)
      await lockKey(db, key, new Date(at.getTime() + policy.lockMs));
  },

  async onSuccess(email: string) {
    await clearAttempts(db, accountKey(email));
  },
});
