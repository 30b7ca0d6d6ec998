import { type ImportStatus, importApiMessages, type TImportChanged } from '@lending/domain';
import { eq } from 'drizzle-orm';
import { imports } from '../../db/schema';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict } from '../../platform/errors';
import { enqueueJob } from '../jobs';
import { columnHeaders, missingColumns } from './presenter';
import { countImportJobs, importJobKeyPrefix, updateImportIf } from './repository';
import { importAnswers, loadImport, locked, OPEN_STATUSES, showImport } from './service';
import { importedSheets } from './walk';

type ImportJobKind = 'import.check' | 'import.commit';

/** The job's payload: which import it runs. */
export type ImportJobPayload = { importId: number };

/**
 * Enqueues the import's next job of `kind` (key `import:<id>:<check|commit>:<n>`, so a later check
 * is a new job) once the import is claimed; if the job cannot be recorded the claim is undone.
 */
const enqueueFor = async (
  deps: AppDeps,
  kind: ImportJobKind,
  id: number,
  actor: Actor,
  undo: () => Promise<unknown>,
) => {
  try {
    const n = (await countImportJobs(deps.db, kind, id)) + 1;
    const payload: ImportJobPayload = { importId: id };
    return await enqueueJob(deps.db, {
      kind,
      key: `${importJobKeyPrefix(kind, id)}${n}`,
      payload,
      startedBy: actor.userId,
    });
  } catch (error) {
    await undo();
    throw error;
  }
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
  // The claim: of two clicks, or a click and a remapping, one goes ahead.
  const claimed = await updateImportIf(deps.db, id, [status], { status: 'checking', checkJobId: null });
  if (!claimed) throw locked();
  const job = await enqueueFor(deps, 'import.check', id, actor, () =>
    updateImportIf(deps.db, id, ['checking'], { status, checkJobId: row.checkJobId }),
  );
  await deps.db.transaction(async (tx) => {
    await updateImportIf(tx, id, ['checking', 'checked', 'failed'], { checkJobId: job.id });
    await writeAudit(tx, actor, {
      action: 'import_check_started',
      resourceType: 'import',
      resourceId: id,
      metadata: { job_id: job.id },
    });
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
  const claimed = await updateImportIf(
    deps.db,
    id,
    ['checked'],
    { status: 'committing', commitJobId: null },
    eq(imports.errorCount, 0),
  );
  if (!claimed) throw conflict('IMPORT_NOT_COMMITTABLE', importApiMessages.notCommittable);
  const job = await enqueueFor(deps, 'import.commit', id, actor, () =>
    updateImportIf(deps.db, id, ['committing'], { status: 'checked', commitJobId: row.commitJobId }),
  );
  await deps.db.transaction(async (tx) => {
    await updateImportIf(tx, id, ['committing', 'committed', 'failed'], { commitJobId: job.id });
    await writeAudit(tx, actor, {
      action: 'import_commit_started',
      resourceType: 'import',
      resourceId: id,
      metadata: { job_id: job.id, file_name: row.fileName, summary: row.summary },
    });
  });
  return { message: importAnswers.commitStarted, data: await showImport(deps, id) };
};
