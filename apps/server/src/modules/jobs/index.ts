/**
 * Background jobs (docs/jobs.md): our lasting record of each (`jobs`), pg-boss as the transport,
 * the runners' API, and the Jobs screen's reads.
 */
export type { JobRow } from '../../db/schema';
export { BOSS_SCHEMA, type JobQueue, type JobQueueOptions, startJobQueue } from './queue';
export { jobRoutes } from './routes';
export type { JobContext, JobOutcome, JobRunner } from './runner';
export {
  createJobs,
  type EnqueueJob,
  enqueueJob,
  type RecordedJob,
  recordJob,
  sendRecordedJob,
  startJobUnlessUnfinished,
} from './service';
export type { DownloadSigner } from './views';
