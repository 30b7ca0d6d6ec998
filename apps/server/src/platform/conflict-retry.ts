import { isTransactionConflict } from './db-errors';

/** How many times a transaction PostgreSQL aborted for a conflict is run in all before giving up. */
export const CONFLICT_ATTEMPTS = 3;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `transaction` (a whole database transaction whose body only touches the database) again when
 * PostgreSQL aborted it for a deadlock or a serialization failure: the aborted run left nothing behind
 * (its Idempotency-Key claim included), so running it again cannot pay twice. A short random pause
 * lets the other transaction finish first. The last conflict is thrown: the error handler answers 503
 * DATABASE_BUSY, never a 500.
 */
export const retryConflicts = async <T>(
  transaction: () => Promise<T>,
  attempts = CONFLICT_ATTEMPTS,
): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
      await pause(attempt * (5 + Math.random() * 20));
    }
  }
};
