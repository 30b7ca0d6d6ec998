import { durationText, type ServiceState, type TSystemStatus } from '@lending/domain';
import type { AppDeps } from '../../platform/deps';
import { newStorageKey } from '../../platform/storage/file-storage';
import { pingDatabase } from '../health';
import { HOUSEKEEPING_INTERVAL_MS, lastHousekeepingRun } from '../housekeeping';
import { projectionLags } from '../read-model';

type Service = TSystemStatus['services'][number];

/** A check slower than this is reported degraded; one that takes longer than the timeout is down. */
const SLOW_MS = 500;
const TIMEOUT_MS = 3_000;

const withTimeout = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) => {
      setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS).unref();
    }),
  ]);

/** A check that failed: down, with the error's message (cut short). */
const failed = (name: string, error: unknown): Service => ({
  name,
  status: 'down',
  uptime: '—',
  detail: error instanceof Error ? error.message.slice(0, 200) : 'failed',
  response_time_ms: null,
});

/** Runs a check, timing it: operational when quick, degraded when slow, down when it fails. */
const timed = async (name: string, check: () => Promise<void>, okDetail: string): Promise<Service> => {
  const started = performance.now();
  try {
    await withTimeout(check());
    const ms = Math.round(performance.now() - started);
    return {
      name,
      status: ms > SLOW_MS ? 'degraded' : 'operational',
      uptime: `${ms} ms`,
      detail: ms > SLOW_MS ? `${okDetail}, slowly (${ms} ms)` : okDetail,
      response_time_ms: ms,
    };
  } catch (error) {
    return failed(name, error);
  }
};

const ORDER: readonly ServiceState[] = ['operational', 'degraded', 'down'];
const worst = (states: ServiceState[]): ServiceState =>
  states.reduce<ServiceState>((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a), 'operational');

/**
 * The System Status panel: real checks, not constants — a database round trip, a write and delete in
 * the document storage, the background job's last recorded run, and this API process's uptime.
 */
export const systemStatus = async ({ db, storage, clock }: AppDeps): Promise<TSystemStatus> => {
  const now = clock.now();
  const database = await timed('Database', () => pingDatabase(db), 'Answers queries');
  const files = await timed(
    'Document storage',
    async () => {
      // A probe of the same kind as real uploads, removed at once.
      const key = newStorageKey('application/pdf');
      await storage.put(key, Buffer.from('%PDF-1.4\n% storage probe\n'), 'application/pdf');
      await storage.delete(key);
    },
    'Writable',
  );
  const jobs = await jobsStatus(db, now, database.status === 'down');
  const api: Service = {
    name: 'API server',
    status: 'operational',
    uptime: durationText(process.uptime()),
    detail: `Process ${process.pid}, ${Math.round(process.memoryUsage().rss / 1_048_576)} MB in memory`,
    response_time_ms: null,
  };
  const projector = await projectorStatus(db, database.status === 'down');
  const services = [api, database, files, jobs, projector];
  return { overall: worst(services.map((s) => s.status)), checked_at: now.toISOString(), services };
};

const jobsStatus = async (db: AppDeps['db'], now: Date, databaseDown: boolean): Promise<Service> => {
  const service = (status: ServiceState, uptime: string, detail: string): Service => ({
    name: 'Background jobs',
    status,
    uptime,
    detail,
    response_time_ms: null,
  });
  if (databaseDown) return service('down', '—', 'Cannot read the job record: the database does not answer');
  const run = await withTimeout(lastHousekeepingRun(db)).catch(() => null);
  if (!run) return service('degraded', '—', 'Housekeeping has not run on this database yet');
  const ago = durationText((now.getTime() - run.lastRunAt.getTime()) / 1000);
  if (run.lastOutcome !== 'ok')
    return service(
      'degraded',
      `${ago} ago`,
      `Housekeeping failed ${ago} ago: ${run.lastError ?? 'unknown error'}`,
    );
  // Missing two hourly runs in a row means no process is running the job.
  if (now.getTime() - run.lastRunAt.getTime() > 2 * HOUSEKEEPING_INTERVAL_MS)
    return service('degraded', `${ago} ago`, `Housekeeping last ran ${ago} ago; it should run hourly`);
  return service('operational', `${ago} ago`, `Housekeeping ran ${ago} ago (${run.runs} runs)`);
};

/** Rows a projected figure may trail by before the panel calls the projector degraded (a few seconds of payments). */
const BEHIND_DEGRADED = 10_000;

/**
 * The projector of the figures kept after commit: how many source rows each has not folded in yet.
 * Answers stay exact meanwhile (readers add the rows after the watermark), but a growing backlog
 * means the projector is not running or cannot keep up.
 */
const projectorStatus = async (db: AppDeps['db'], databaseDown: boolean): Promise<Service> => {
  const name = 'Figures projector';
  if (databaseDown)
    return {
      name,
      status: 'down',
      uptime: '—',
      detail: 'The database does not answer',
      response_time_ms: null,
    };
  try {
    const lags = await projectionLags(db);
    const behind = lags.reduce((sum, lag) => sum + lag.behind, 0);
    const detail = lags
      .map(
        (lag) =>
          `${lag.figure}: ${lag.behind} rows behind${lag.asOf ? `, folded ${lag.asOf.toISOString()}` : ''}`,
      )
      .join('; ');
    return {
      name,
      status: behind > BEHIND_DEGRADED ? 'degraded' : 'operational',
      uptime: `${behind} rows behind`,
      detail,
      response_time_ms: null,
    };
  } catch (error) {
    return failed(name, error);
  }
};
