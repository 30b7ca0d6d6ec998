import { IMPORT_KIND_TITLES, IMPORT_KINDS } from '@lending/domain';
import { eq } from 'drizzle-orm';
import { imports } from '../../db/schema';
import { type Actor, writeAudit } from '../../platform/audit';
import type { JobContext, JobOutcome, JobRunner } from '../jobs';
import { writeImport } from './commit';
import { beginImportRun, DEFAULT_BATCH_ROWS, failImportRun, type ImportRunnerOptions } from './job-frame';
import { findImport, updateImportIf } from './repository';

/**
 * The commit: ONE transaction for the whole import, so a commit that fails, is stopped or dies with
 * its process leaves no row of it, and a retry starts again from nothing. Inside it the import's row
 * is locked, every row re-checked and written, and the import marked committed with its audit row.
 * The stored file is deleted once committed.
 */
const runCommit = async (context: JobContext, batchRows: number, retryLimit: number): Promise<JobOutcome> => {
  const run = await beginImportRun('import.commit', context);
  if ('nothing' in run) return { summary: run.nothing };
  const { row } = run;
  const { deps, jobId, log } = context;
  const actor: Actor = { userId: context.startedBy, ip: null, userAgent: null };
  const total = row.sheets.reduce((sum, sheet) => sum + (sheet.kind === null ? 0 : sheet.rows), 0);
  await context.reportProgress(0, total);
  let summary: Awaited<ReturnType<typeof writeImport>>;
  try {
    summary = await deps.db.transaction(async (tx) => {
      const locked = await findImport(tx, row.id, true);
      if (locked?.status !== 'committing' || locked.commitJobId !== jobId)
        throw new Error('The import changed while it was being committed');
      const written = await writeImport(deps, tx, locked, actor, {
        batchRows,
        signal: context.signal,
        // Not awaited: on PGlite the progress write waits for this transaction's one connection.
        onProgress: (done, all) => {
          context
            .reportProgress(done, all)
            .catch((error: unknown) => log.warn({ err: error }, 'import progress'));
        },
      });
      const committed = await updateImportIf(
        tx,
        row.id,
        ['committing'],
        { status: 'committed', summary: written, committedAt: deps.clock.now() },
        eq(imports.commitJobId, jobId),
      );
      if (!committed) throw new Error('The import changed while it was being committed');
      await writeAudit(tx, actor, {
        action: 'import_committed',
        resourceType: 'import',
        resourceId: row.id,
        metadata: { job_id: jobId, file_name: row.fileName, summary: written },
      });
      return written;
    });
  } catch (error) {
    await failImportRun('import.commit', context, retryLimit, row, error);
    throw error;
  }
  // The rows are in the book now; the file was only kept to be read again.
  await deps.storage
    .delete(row.storageKey)
    .catch((error: unknown) => log.warn({ err: error }, 'import file kept'));
  const counts = IMPORT_KINDS.flatMap((kind) => {
    const count = summary[kind];
    return count
      ? [`${count.written.toLocaleString('en-IN')} ${IMPORT_KIND_TITLES[kind].toLowerCase()}`]
      : [];
  });
  return { summary: `Imported ${counts.join(', ')} from ${row.fileName}` };
};

/** The 'import.commit' runner (tests give it small batches and quick retries). */
export const importCommitRunner = (options: ImportRunnerOptions = {}): JobRunner => {
  const retryLimit = options.retryLimit ?? 2;
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
  return {
    kind: 'import.commit',
    retryLimit,
    retryDelaySeconds: options.retryDelaySeconds ?? 10,
    // One transaction of 2,00,000 rows; two hours is far beyond any healthy run.
    leaseSeconds: 2 * 3600,
    run: (context) => runCommit(context, batchRows, retryLimit),
  };
};

/** The commit of an import, as main.ts runs it. */
export const importCommit = importCommitRunner();
