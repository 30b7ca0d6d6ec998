import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { addToWindow } from './repository';
import { tooManyAttempts } from './throttle';

/**
 * Public registration is anonymous and takes up to five 2 MB files, so each client address may
 * register `perHour` times and upload `bytesPerHour` in an hour; beyond that it gets 429
 * TOO_MANY_ATTEMPTS with Retry-After. The counters are rows beside the sign-in counters (shared by
 * every process, cleared by the hourly housekeeping).
 */
export type RegistrationLimits = { perHour: number; bytesPerHour: number };

export const DEFAULT_REGISTRATION_LIMITS: RegistrationLimits = { perHour: 10, bytesPerHour: 20_000_000 };

const WINDOW_MS = 3_600_000;

export const createRegistrationThrottle = (db: Db, clock: Clock, limits: RegistrationLimits) => {
  const count = async (key: string, amount: number, max: number, what: string) => {
    const now = clock.now();
    const { total, windowStartedAt } = await addToWindow(
      db,
      key,
      amount,
      now,
      new Date(now.getTime() - WINDOW_MS),
    );
    if (total > max)
      throw tooManyAttempts('TOO_MANY_ATTEMPTS', new Date(windowStartedAt.getTime() + WINDOW_MS), now, what);
  };

  return {
    /** Claims one registration before the body is read: the 11th in an hour is refused at once. */
    beforeRegistration: (ip: string) => count(`register:${ip}`, 1, limits.perHour, 'registrations'),
    /** Counts the files' bytes once read; past the hour's allowance nothing is stored. */
    afterUpload: (ip: string, bytes: number) =>
      bytes > 0 ? count(`register-bytes:${ip}`, bytes, limits.bytesPerHour, 'uploads') : Promise.resolve(),
  };
};
