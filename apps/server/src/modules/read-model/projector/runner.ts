import type { Logger } from 'pino';
import type { Db } from '../../../db/client';
import { catchUp, PROJECTIONS } from './service';

/** The projector of one process: every projected figure caught up, then a pause, until stopped. */
export type Projector = { stop: () => Promise<void> };

/**
 * Starts the projector loop. With several processes on one PostgreSQL each runs one; a figure's lock
 * lets one fold it at a time while the others pass. A failed pass is logged and tried again after the
 * pause: the watermark never moved for it.
 */
export const startProjector = (db: Db, log: Logger, options: { pauseMs?: number } = {}): Projector => {
  const pauseMs = options.pauseMs ?? 250;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    for (const projection of PROJECTIONS) {
      if (stopped) return;
      try {
        await catchUp(db, projection);
      } catch (error) {
        log.warn({ err: error, figure: projection.figure }, 'projector pass failed; trying again');
      }
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(schedule);
    }, pauseMs);
    timer.unref();
  };
  schedule();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
};
