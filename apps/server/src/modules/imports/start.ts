import { type ImportStatus, importApiMessages, type TImportChanged } from '@lending/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type ImportRow, imports } from '../../db/schema';
import { type Actor, type AuditEntry, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { type AppError, badRequest, conflict } from '../../platform/errors';
import { recordJob, sendRecordedJob } from '../jobs';
import { columnHeaders, missingColumns } from './presenter';
import { countImportJobs, importJobKeyPrefix, updateImportIf } from './repository';
import { importAnswers, loadImport, locked, OPEN_STATUSES, showImport } from './service';
import { importedSheets } from './walk';

type ImportJobKind = 'import.check' | 'import.commit';

/** The job's payload: which import it runs. */
export type ImportJobPayload = { importId: number };

/** The status a started job's import waits in. */
const BUSY = { 'import.check': 'checking', 'import.commit': 'committing' } as const;

/** How one start claims its import and what it audits. */
type ImportJobStart = {
  kind: ImportJobKind;
  /** Moves the import to checking (committing) from the status it was read in; null if another did first. */
  claim: (tx: Tx) => Promise<ImportRow | null>;
  /** The answer to the call that lost the claim. */
  refusal: () => AppError;
  /** The job's id on the import. */
  jobId: (jobId: number) => Partial<typeof imports.$inferInsert>;
  /** The start's audit row. */
  audit: (jobId: number) => AuditEntry;
};

/**
 * Claims the import and records its next job of `kind` (key `import:<id>:<check|commit>:<n>`, so a
 * later check is a new job) in one transaction with the job's id on the import and the audit row,
 * then sends the job: a crash or a failure before the commit leaves the import as it was, never
 * claimed with no job to run it.
 */
const startImportJob = async (deps: AppDeps, id: number, actor: Actor, start: ImportJobStart) => {
  const recorded = await deps.db.transaction(async (tx) => {
    // The claim: of two clicks, or a click and a remapping, one goes ahead (the other waits for this
    // transaction on PostgreSQL, then finds the status changed).
    if (!(await start.claim(tx))) throw start.refusal();
    const n = (await countImportJobs(tx, start.kind, id)) + 1;
    const payload: ImportJobPayload = { importId: id };
    const job = await recordJob(
      tx,
      {
        kind: start.kind,
        key: `${importJobKeyPrefix(start.kind, id)}${n}`,
        payload,
        startedBy: actor.userId,
      },
      deps.db,
    );
    await updateImportIf(tx, id, [BUSY[start.kind]], start.jobId(job.row.id));
    await writeAudit(tx, actor, start.audit(job.row.id));
    return job;
  });
  // Sent only once committed. A send that fails, or a process that dies before it, leaves the job
  // recorded and queued, and the import waiting for it: the queue's recovery (at its start, and its
  // sweep of queued rows pg-boss never got) sends it again.
  await sendRecordedJob(deps.db, recorded);
};

/**
 * POST /imports/:id/check: the dry run as a job. Refused while the import is being checked or
 * committed (or is committed), when no sheet is imported, or when one lacks a required column.
 */
export const startImportCheck = async (deps: AppDeps, id: number, actor: Actor): Promise<TImportChanged> => {
  const row = await loadImport(deps, id);
  const status = row.status as ImportStatus;
  if (!OPEN_STATUSES.includes(status)) throw locked();
  const sheets = importedSheets(row.sheets);
  if (sheets.length === 0)
    throw badRequest('IMPORT_MAPPING_INVALID', importApiMessages.nothingToImport, [
      { param: 'sheets', msg: importApiMessages.nothingToImport },
    ]);
  for (const sheet of sheets) {
    const missing = missingColumns(sheet.kind, sheet.mapping);
    if (missing.length > 0) {
      const message = importApiMessages.missingColumns(sheet.name, columnHeaders(sheet.kind, missing));
      throw badRequest('IMPORT_COLUMNS_MISSING', message, [{ param: sheet.name, msg: message }]);
    }
  }
  await startImportJob(deps, id, actor, {
    kind: 'import.check',
    claim: (tx) => updateImportIf(tx, id, [status], { status: 'checking' }),
    refusal: locked,
    jobId: (jobId) => ({ checkJobId: jobId }),
    audit: (jobId) => ({
      action: 'import_check_started',
      resourceType: 'import',
      resourceId: id,
      metadata: { job_id: jobId },
    }),
  });
  return { message: importAnswers.checkStarted, data: await showImport(deps, id) };
};

/**
 * POST /imports/:id/commit: writes the import as a job, once its last check found no error. Refused
 * (409) otherwise: not checked yet, or with errors to correct first.
 */
export const startImportCommit = async (deps: AppDeps, id: number, actor: Actor): Promise<TImportChanged> => {
  const row = await loadImport(deps, id);
  if (row.status !== 'checked') throw conflict('IMPORT_NOT_COMMITTABLE', importApiMessages.notCommittable);
  if (row.errorCount > 0)
    throw conflict('IMPORT_NOT_COMMITTABLE', importApiMessages.hasErrors(row.errorCount));
  await startImportJob(deps, id, actor, {
    kind: 'import.commit',
    claim: (tx) => updateImportIf(tx, id, ['checked'], { status: 'committing' }, eq(imports.errorCount, 0)),
    refusal: () => conflict('IMPORT_NOT_COMMITTABLE', importApiMessages.notCommittable),
    jobId: (jobId) => ({ commitJobId: jobId }),
    audit: (jobId) => ({
      action: 'import_commit_started',
      resourceType: 'import',
      resourceId: id,
      metadata: { job_id: jobId, file_name: row.fileName, summary: row.summary },
    }),
  });
  return { message: importAnswers.commitStarted, data: await showImport(deps, id) };
};
