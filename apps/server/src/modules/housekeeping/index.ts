/** The hourly clean-up of rows that have served their purpose, one process at a time. */
export { HOUSEKEEPING_INTERVAL_MS, runHousekeeping } from './service';
