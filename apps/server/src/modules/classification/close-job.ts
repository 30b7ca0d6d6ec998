import { closeDaysDue, DEFAULT_DAY_END_CLOSE_AT, type IsoDate, istTimeOf } from '@lending/domain';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { enqueueJob, type JobRow, type JobRunner } from '../jobs';
import { type ClosePlan, closeBusinessDay, daysToClose } from './close-service';
import { lastClosedDay } from './repository';

/** How often each process looks for days the close owes. */
export const DAY_END_CHECK_MS = 60_000;

/** The close time a server runs by: its setting, 23:30 when absent, and late in the day when there is no schedule. */
export const closeTimeOf = (setting: string | null | undefined): string =>
  setting === undefined ? DEFAULT_DAY_END_CLOSE_AT : (setting ?? '23:59');

const isPlan = (payload: unknown): payload is ClosePlan => {
  const plan = payload as Partial<ClosePlan> | null;
  return typeof plan?.through === 'string' && (plan.from === null || typeof plan.from === 'string');
};

/**
 * The day-end close as a background job: closes each day its plan names, oldest first, one
 * transaction a day, reporting days done. A retry carries on after the days it already closed.
 */
export const dayEndClose: JobRunner = {
  kind: 'day-end.close',
  retryLimit: 2,
  retryDelaySeconds: 60,
  // A long catch-up at 100,000 loans: about a minute a day.
  leaseSeconds: 2 * 3600,
  run: async ({ deps, payload, jobId, startedBy, reportProgress, signal, log }) => {
    if (!isPlan(payload)) throw new Error('A day-end close job needs a plan ({ from, through })');
    const days = await daysToClose(deps.db, payload, jobId);
    await reportProgress(0, days.length);
    const closed: string[] = [];
    for (const [index, day] of days.entries()) {
      if (signal.aborted) throw new Error('The close was stopped; it carries on at its next attempt');
      const outcome = await closeBusinessDay(deps.db, day, { jobId, startedBy, now: deps.clock.now });
      log.info({ ...outcome }, 'day-end close');
      closed.push(
        `${day} (${outcome.loans} loans, ${outcome.changes} changes, ${(outcome.ms / 1000).toFixed(1)} s)`,
      );
      await reportProgress(index + 1, days.length);
    }
    return {
      summary: closed.length ? `Closed ${closed.join('; ')}` : 'Nothing to close: every day is closed',
    };
  },
};

/**
 * Enqueues the close of the days owed, if any (every minute from each process): keyed by the latest
 * day owed, so of N processes one job runs, and a day whose job failed is caught up with the next.
 */
export const enqueueDueCloses = async (db: Db, clock: Clock, closeAt: string): Promise<JobRow | null> => {
  const due: IsoDate[] = closeDaysDue({
    lastClosed: await lastClosedDay(db),
    today: clock.today(),
    nowTime: istTimeOf(clock.now()),
    closeAt,
  });
  const through = due.at(-1);
  if (through === undefined) return null;
  const plan: ClosePlan = { from: null, through };
  return enqueueJob(db, {
    kind: 'day-end.close',
    key: `scheduled:${through}`,
    payload: plan,
    startedBy: null,
  });
};
