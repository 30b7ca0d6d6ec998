import { BOOK_EXPORT_KEPT_DAYS } from '@lending/domain';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { deleteExpiredBookExports } from '../exports';
import { enqueueJob, type JobRow, type JobRunner } from '../jobs';
import { runHousekeeping } from './service';

/** The hour a sweep belongs to (UTC, e.g. `2026-11-29T10`): its job's idempotency key. */
export const sweepKey = (at: Date): string => at.toISOString().slice(0, 13);

/**
 * Housekeeping as a background job. Every process enqueues it at start and hourly; the key is the
 * hour, so of N processes one sweep runs per hour, and the Jobs screen shows each run.
 */
export const housekeepingSweep: JobRunner = {
  kind: 'housekeeping.sweep',
  retryLimit: 2,
  retryDelaySeconds: 60,
  // Storing a long run of closed days on a large book takes minutes, not a quarter of an hour.
  leaseSeconds: 15 * 60,
  run: async ({ deps }) => {
    const result = await runHousekeeping(deps.db, deps.clock);
    if (!result.ran) return { summary: 'Skipped: another sweep was running' };
    // Exports hold every record of the lender: kept a week, then gone (deleting twice is harmless).
    const keptFrom = new Date(deps.clock.now().getTime() - BOOK_EXPORT_KEPT_DAYS * 86_400_000);
    const exportsDeleted = await deleteExpiredBookExports({ storage: deps.storage, before: keptFrom });
    return {
      summary: `Removed ${result.idempotencyKeys} idempotency keys and ${result.loginAttempts} sign-in counters; counted ${result.auditRowsCounted} audit rows; stored ${result.portfolioDaysStored} closed days; deleted ${exportsDeleted} expired exports`,
    };
  },
};

/** Enqueues this hour's sweep (nothing new when a process already did). */
export const enqueueHousekeepingSweep = (db: Db, clock: Clock): Promise<JobRow> =>
  enqueueJob(db, { kind: 'housekeeping.sweep', key: sweepKey(clock.now()), payload: {}, startedBy: null });
