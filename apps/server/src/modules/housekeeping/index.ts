/** The hourly clean-up of rows that have served their purpose, one process at a time, with its last run recorded. */
export type { JobRun } from './repository';
export { HOUSEKEEPING_INTERVAL_MS, lastHousekeepingRun, runHousekeeping } from './service';
export { enqueueHousekeepingSweep, housekeepingSweep, sweepKey } from './sweep';
