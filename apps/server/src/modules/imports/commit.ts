import { type ImportKind, type ImportRowError, importApiMessages, importErrorText } from '@lending/domain';
import type { Tx } from '../../db/client';
import type { ImportRow, ImportSummaryValue } from '../../db/schema';
import type { Actor } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { createImportChecker, mergedError } from './checker';
import { gatherCollections, recordCollections } from './commit-collections';
import type { CommitContext } from './commit-context';
import { commitLoans } from './commit-loans';
import { writeAgents, writeCustomers } from './commit-people';
import { fetchLookups, importRoles } from './lookups';
import { importedSheets, walkImport } from './walk';

/** The commit stops at the first row that no longer passes: the book changed since the check. */
const bookChanged = (sheet: string, error: ImportRowError) =>
  new AppError(
    'IMPORT_NOT_COMMITTABLE',
    importApiMessages.bookChanged(`${sheet}: ${importErrorText(error)}`),
  );

export type CommitOptions = {
  batchRows: number;
  signal?: AbortSignal;
  /** Rows done so far out of all; a courtesy, never awaited inside the transaction. */
  onProgress?: (done: number, total: number) => void;
};

/**
 * Writes an import inside `tx`, the commit's one transaction: every row checked again as the dry run
 * checked it (the book may have changed since; the first error stops everything), then written a
 * batch at a time, agents, customers, loans and collections, later rows pointing at the ids earlier
 * ones got. Answers the summary with what was written per kind.
 */
export const writeImport = async (
  deps: AppDeps,
  tx: Tx,
  row: ImportRow,
  actor: Actor,
  options: CommitOptions,
): Promise<ImportSummaryValue> => {
  const context: CommitContext = {
    deps,
    tx,
    roles: await importRoles(tx),
    importId: row.id,
    fileName: row.fileName,
    cutOverDate: row.cutOverDate,
    actor,
    ids: { agents: new Map(), customers: new Map(), loans: new Map() },
    written: { users: new Set(), loans: new Set() },
    collections: { toPay: [], toMatch: [] },
  };
  const checker = createImportChecker(row.cutOverDate, (asks) =>
    fetchLookups(tx, context.roles, asks, context.written),
  );
  const summary: ImportSummaryValue = structuredClone(row.summary ?? {});
  const counts = (kind: ImportKind) => (summary[kind] ??= { rows: 0, valid: 0, written: 0, toMatch: 0 });
  for (const kind of new Set(importedSheets(row.sheets).map((sheet) => sheet.kind))) counts(kind).written = 0;
  const total = importedSheets(row.sheets).reduce((sum, sheet) => sum + sheet.rows, 0);
  let done = 0;
  for await (const item of walkImport(deps.storage, row, options.batchRows, options.signal)) {
    if (item.type === 'merged') throw bookChanged(item.sheet.name, mergedError(item));
    const checked = await checker.check(item);
    const failed = checked.find((one) => one.errors.length > 0)?.errors[0];
    if (failed) throw bookChanged(item.sheet.name, failed);
    const { kind, name } = item.sheet;
    const kindCounts = counts(kind);
    if (kind === 'agents') kindCounts.written += await writeAgents(context, name, checked);
    else if (kind === 'customers') kindCounts.written += await writeCustomers(context, name, checked);
    else if (kind === 'loans') kindCounts.written += await commitLoans(context, checked);
    else gatherCollections(context, name, checked);
    done += item.rows.length;
    options.onProgress?.(done, total);
  }
  const recorded = await recordCollections(context);
  if (summary.collections) {
    summary.collections.written = recorded.paid;
    summary.collections.toMatch = recorded.toMatch;
    summary.collections.alreadyImported = recorded.alreadyPaid;
  }
  return summary;
};
