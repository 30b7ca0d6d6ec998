import type { Db } from '../../db/client';
import { tryTransactionLock } from '../../db/sql';
import type { Clock } from '../../platform/clock';
import { deleteIdempotencyKeysBefore, deleteStaleLoginAttempts } from './repository';

/** Idempotency keys are kept 48 hours: the API conventions ask for at least 24, and a client retrying after a day is rare. */
export const IDEMPOTENCY_KEY_TTL_MS = 48 * 3_600_000;
const LOGIN_ATTEMPT_TTL_MS = 24 * 3_600_000;
export const HOUSEKEEPING_INTERVAL_MS = 3_600_000;

export type HousekeepingResult = { ran: boolean; idempotencyKeys: number; loginAttempts: number };

/** Removes rows that have served their purpose; skipped when another process holds the job. */
export const runHousekeeping = (db: Db, clock: Clock): Promise<HousekeepingResult> =>
  db.transaction(async (tx) => {
    // Of N API processes only one runs the job at a time.
    if (!(await tryTransactionLock(tx, 'job:housekeeping')))
      return { ran: false, idempotencyKeys: 0, loginAttempts: 0 };
    const now = clock.now();
    return {
      ran: true,
      idempotencyKeys: await deleteIdempotencyKeysBefore(
        tx,
        new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS),
      ),
      loginAttempts: await deleteStaleLoginAttempts(tx, new Date(now.getTime() - LOGIN_ATTEMPT_TTL_MS), now),
    };
  });
