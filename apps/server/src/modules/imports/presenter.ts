import {
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportKind,
  type ImportStatus,
  type TImport,
  type TImportSheet,
  type TJob,
} from '@lending/domain';
import type { ImportSheetValue } from '../../db/schema';
import type { ImportView } from './repository';

/** Required column keys of `kind` the mapping does not give. */
export const missingColumns = (kind: ImportKind, mapping: Record<string, number>): string[] =>
  (IMPORT_COLUMNS[kind] as readonly ImportColumn[])
    .filter((column) => column.required && !(column.key in mapping))
    .map((column) => column.key);

/** The headers of `keys` as the template writes them, for a message: 'Name, Mobile'. */
export const columnHeaders = (kind: ImportKind, keys: readonly string[]): string =>
  keys
    .map((key) => (IMPORT_COLUMNS[kind] as readonly ImportColumn[]).find((c) => c.key === key)?.header ?? key)
    .join(', ');

export const toImportSheet = (sheet: ImportSheetValue): TImportSheet => ({
  name: sheet.name,
  kind: sheet.kind,
  headerRow: sheet.headerRow,
  headers: sheet.headers,
  rows: sheet.rows,
  mapping: sheet.mapping,
  missing: sheet.kind === null ? [] : missingColumns(sheet.kind, sheet.mapping),
});

const BUSY: readonly ImportStatus[] = ['checking', 'committing'];

/**
 * The status the wizard shows: a check or commit whose job failed for good (its last attempt died
 * with its process, say) is failed, whatever the row still says.
 */
export const effectiveStatus = (row: ImportView): ImportStatus => {
  const status = row.status as ImportStatus;
  return BUSY.includes(status) && row.job?.status === 'failed' ? 'failed' : status;
};

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export const toImport = (row: ImportView): TImport => ({
  id: row.id,
  fileName: row.fileName,
  sizeBytes: row.sizeBytes,
  status: effectiveStatus(row),
  cutOverDate: row.cutOverDate,
  sheets: row.sheets.map(toImportSheet),
  summary: row.summary,
  errorCount: row.errorCount,
  uploadedBy: row.uploadedBy === null ? null : { id: row.uploadedBy, name: row.uploadedByName ?? '' },
  checkJobId: row.checkJobId,
  commitJobId: row.commitJobId,
  job:
    row.job === null
      ? null
      : {
          id: row.job.id,
          kind: row.job.kind as 'import.check' | 'import.commit',
          status: row.job.status as TJob['status'],
          progressDone: row.job.progressDone,
          progressTotal: row.job.progressTotal,
          error: row.job.error,
        },
  createdAt: row.createdAt.toISOString(),
  checkedAt: iso(row.checkedAt),
  committedAt: iso(row.committedAt),
});
