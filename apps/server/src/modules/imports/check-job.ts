import { IMPORT_KIND_TITLES, IMPORT_KINDS, type ImportRowError } from '@lending/domain';
import { eq } from 'drizzle-orm';
import { imports } from '../../db/schema';
import type { JobContext, JobOutcome, JobRunner } from '../jobs';
import { createImportChecker, createTally, mergedError } from './checker';
import { createAlreadyImportedCounter } from './collections';
import { beginImportRun, DEFAULT_BATCH_ROWS, failImportRun, type ImportRunnerOptions } from './job-frame';
import { fetchLookups, importRoles } from './lookups';
import { deleteRowErrors, insertRowErrors, type NewRowError, updateImportIf } from './repository';
import { importedSheets, walkImport } from './walk';

const toRowError = (importId: number, sheet: string, error: ImportRowError): NewRowError => ({
  importId,
  sheet,
  rowNumber: error.row,
  column: error.column,
  message: error.message,
});

/**
 * The dry run: every imported row checked as the commit will check it, against the book as it is
 * now, its errors stored a batch at a time (a retry starts again from none). Memory holds one batch
 * of rows and the keys already claimed (mobiles, e-mails, references), never the file.
 */
const runCheck = async (context: JobContext, batchRows: number, retryLimit: number): Promise<JobOutcome> => {
  const run = await beginImportRun('import.check', context);
  if ('nothing' in run) return { summary: run.nothing };
  const { row } = run;
  const { db, storage } = context.deps;
  try {
    await deleteRowErrors(db, row.id);
    const roles = await importRoles(db);
    const checker = createImportChecker(row.cutOverDate, (asks) => fetchLookups(db, roles, asks));
    const tally = createTally();
    const alreadyImported = createAlreadyImportedCounter(db);
    const sheets = importedSheets(row.sheets);
    tally.start(sheets);
    const total = sheets.reduce((sum, sheet) => sum + sheet.rows, 0);
    let done = 0;
    let errorCount = 0;
    await context.reportProgress(0, total);
    for await (const item of walkImport(storage, row, batchRows, context.signal)) {
      const errors: NewRowError[] = [];
      if (item.type === 'merged') {
        tally.merged(item);
        errors.push(toRowError(row.id, item.sheet.name, mergedError(item)));
      } else {
        const checked = await checker.check(item);
        const before = item.sheet.kind === 'collections' ? await alreadyImported(checked) : 0;
        tally.rows(item, checked, before);
        for (const one of checked)
          errors.push(...one.errors.map((e) => toRowError(row.id, item.sheet.name, e)));
        done += item.rows.length;
      }
      await insertRowErrors(db, errors);
      errorCount += errors.length;
      await context.reportProgress(done, total);
    }
    const summary = tally.summary();
    const finished = await updateImportIf(
      db,
      row.id,
      ['checking'],
      { status: 'checked', summary, errorCount, checkedAt: context.deps.clock.now() },
      eq(imports.checkJobId, context.jobId),
    );
    if (!finished) return { summary: 'The import changed while it was checked; its result is dropped' };
    const counts = IMPORT_KINDS.flatMap((kind) => {
      const count = summary[kind];
      return count ? [`${IMPORT_KIND_TITLES[kind]} ${count.valid}/${count.rows}`] : [];
    });
    const toMatch = summary.collections?.toMatch ?? 0;
    const seenBefore = summary.collections?.alreadyImported ?? 0;
    return {
      summary: `Checked ${total.toLocaleString('en-IN')} rows (valid: ${counts.join(', ')}); ${errorCount.toLocaleString('en-IN')} errors${toMatch > 0 ? `, ${toMatch} collections to match` : ''}${seenBefore > 0 ? `, ${seenBefore} collections imported before (skipped)` : ''}`,
    };
  } catch (error) {
    await failImportRun('import.check', context, retryLimit, row, error);
    throw error;
  }
};

/** The 'import.check' runner (tests give it small batches and quick retries). */
export const importCheckRunner = (options: ImportRunnerOptions = {}): JobRunner => {
  const retryLimit = options.retryLimit ?? 2;
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
  return {
    kind: 'import.check',
    retryLimit,
    retryDelaySeconds: options.retryDelaySeconds ?? 10,
    // 2,00,000 rows take minutes; an hour is far beyond any healthy run.
    leaseSeconds: 3600,
    run: (context) => runCheck(context, batchRows, retryLimit),
  };
};

/** The check (dry run) of an import, as main.ts runs it. */
export const importCheck = importCheckRunner();
