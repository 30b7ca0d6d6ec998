import { z } from 'zod';
import type { ImportRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { createJobs, type JobContext } from '../jobs';
import { findImport, jobIsOrUnset, newestImportJobId, updateImportIf } from './repository';

type ImportJobKind = 'import.check' | 'import.commit';

const ZPayload = z.object({ importId: z.number().int().positive() });

/** A runner's tuning; tests make batches small and retries quick. */
export type ImportRunnerOptions = {
  /** Rows checked (and written) per batch: the book is asked once per batch. */
  batchRows?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
};

export const DEFAULT_BATCH_ROWS = 1000;

const BUSY = { 'import.check': 'checking', 'import.commit': 'committing' } as const;
const COLUMN = { 'import.check': 'check', 'import.commit': 'commit' } as const;

/** What an attempt found: the import to work on, or why there is nothing to do. */
export type ImportRun = { row: ImportRow } | { nothing: string };

/**
 * Whether this attempt may run its import: it must be the import's newest job of its kind and the
 * import must be waiting for it (checking, or committing). An earlier attempt of the same job that
 * failed for good (the file or the book refused it) is answered with the same failure at once.
 */
export const beginImportRun = async (kind: ImportJobKind, context: JobContext): Promise<ImportRun> => {
  const { deps, jobId } = context;
  const { importId } = ZPayload.parse(context.payload);
  const row = await findImport(deps.db, importId);
  if (!row) return { nothing: 'The import no longer exists' };
  if ((await newestImportJobId(deps.db, kind, importId)) !== jobId)
    return { nothing: 'A later run of this import took over' };
  const mine = (kind === 'import.check' ? row.checkJobId : row.commitJobId) ?? jobId;
  if (row.status === 'failed' && mine === jobId) {
    const earlier = (await createJobs(deps).show(jobId)).error;
    throw new Error(earlier ?? 'The import failed');
  }
  if (kind === 'import.commit' && row.status === 'committed' && mine === jobId)
    return { nothing: 'The import is committed' };
  if (row.status !== BUSY[kind] || mine !== jobId)
    return { nothing: 'The import is not waiting for this run' };
  const claimed = await updateImportIf(
    deps.db,
    importId,
    [BUSY[kind]],
    kind === 'import.check' ? { checkJobId: jobId } : { commitJobId: jobId },
    jobIsOrUnset(COLUMN[kind], jobId),
  );
  return claimed ? { row: claimed } : { nothing: 'The import is not waiting for this run' };
};

/**
 * Records a failed attempt on the import: failed at once when the file or the book refused it (an
 * AppError: running it again would only say the same), or when no attempt is left; otherwise it
 * stays checking (committing) while the job's retry waits.
 */
export const failImportRun = async (
  kind: ImportJobKind,
  context: JobContext,
  retryLimit: number,
  row: ImportRow,
  error: unknown,
) => {
  if (!(error instanceof AppError) && context.attempt <= retryLimit) return;
  await updateImportIf(
    context.deps.db,
    row.id,
    [BUSY[kind]],
    { status: 'failed' },
    jobIsOrUnset(COLUMN[kind], context.jobId),
  ).catch((failure: unknown) => context.log.warn({ err: failure }, 'import: its failure not recorded'));
};
