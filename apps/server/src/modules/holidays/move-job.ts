import { isIsoDate } from '@lending/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { holidays } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { retryConflicts } from '../../platform/conflict-retry';
import type { JobRunner } from '../jobs';
import { countMoves, MOVE_BATCH_LOANS, moveBatch } from './moves-repository';

const isPayload = (payload: unknown): payload is { date: string } =>
  typeof (payload as { date?: unknown } | null)?.date === 'string' &&
  isIsoDate((payload as { date: string }).date);

const markMoved = (db: Executor, date: string, now: Date) =>
  db.update(holidays).set({ movedAt: now }).where(eq(holidays.date, date));

/** Whether the day is still on the list (a job outlives nothing: a removed day has nothing to move). */
const isDeclared = async (db: Executor, date: string) =>
  rowsOf<{ found: boolean }>(
    await db.execute(sql`select exists (select 1 from holidays where date = ${date}::date) as found`),
  )[0]?.found === true;

/**
 * A declared holiday's moves as a background job: a few hundred loans a step, each step one
 * transaction, until no loan it reaches is left; then the day is marked moved. At a lender's size a
 * holiday moves millions of instalments, too long for a request and for one transaction's locks. A
 * run repeated after a crash carries on where the last step committed (a moved loan skips the day).
 */
export const holidayMoveRunner = (options: { batchLoans?: number } = {}): JobRunner => ({
  kind: 'holiday.move',
  retryLimit: 3,
  retryDelaySeconds: 30,
  leaseSeconds: 3600,
  run: async ({ deps, payload, reportProgress, signal }) => {
    if (!isPayload(payload)) throw new Error('A holiday.move job needs the holiday ({ date })');
    const { db, clock } = deps;
    if (!(await isDeclared(db, payload.date))) return { summary: `${payload.date} is no longer a holiday` };
    const total = (await countMoves(db, payload.date)).loans;
    await reportProgress(0, total);
    let loans = 0;
    let emis = 0;
    for (;;) {
      if (signal.aborted) throw new Error('The move was stopped; it carries on at its next attempt');
      const step = await retryConflicts(() =>
        db.transaction((tx) =>
          moveBatch(tx, payload.date, options.batchLoans ?? MOVE_BATCH_LOANS, clock.now()),
        ),
      );
      if (step.loans === 0) break;
      loans += step.loans;
      emis += step.emis;
      await reportProgress(loans, Math.max(total, loans));
    }
    await markMoved(db, payload.date, clock.now());
    return {
      summary: `Holiday ${payload.date}: ${loans} loans, ${emis} instalments moved one collection day`,
    };
  },
});

/** The runner the server starts. */
export const holidayMove = holidayMoveRunner();
