import { z } from 'zod';
import { IMPORT_KINDS } from '../imports/kinds';
import { ZDbId, ZPageQuery, ZQuery, ZQueryInteger } from './common';
import { JOB_STATUSES } from './jobs';
import { ZIsoDate } from './loans';

/**
 * An import's life: uploaded (sheets read, columns matched) → checking → checked (every row's
 * errors listed; a dry run) → committing → committed; failed when a check or a commit could not
 * finish (a commit that fails leaves nothing of the import behind).
 */
export const IMPORT_STATUSES = [
  'uploaded',
  'checking',
  'checked',
  'committing',
  'committed',
  'failed',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The largest import file the upload takes, in bytes (a 2,00,000-row workbook is well under it). */
export const IMPORT_FILE_MAX_BYTES = 64 * 1024 * 1024;

export const IMPORT_PAGE_SIZE = 50;
export const IMPORT_PAGE_MAX = 200;

export const importApiMessages = {
  id: 'Import id must be a positive integer',
  notFound: 'Import not found',
  kind: `Kind must be one of: ${IMPORT_KINDS.join(', ')}`,
  format: 'Format must be xlsx or csv',
  fileMissing: 'Choose a file to upload',
  tooLarge: `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB; split it into smaller files`,
  cutOverAfterToday: 'The cut-over day cannot be after today',
  sheetUnknown: (sheet: string) => `The file has no sheet named '${sheet}'`,
  columnUnknown: (sheet: string, header: string) => `The sheet '${sheet}' has no column '${header}'`,
  columnKeyUnknown: (sheet: string, kind: string, key: string) =>
    `The sheet '${sheet}' is read as ${kind}, which have no column '${key}'`,
  nothingToImport: 'No sheet is to be imported: choose what at least one sheet holds',
  missingColumns: (sheet: string, headers: string) => `The sheet '${sheet}' needs the columns ${headers}`,
  notCheckable: 'This import is being checked or committed, or is already committed',
  notCommittable: 'Check the file first: only a checked import with no errors can be committed',
  hasErrors: (count: number) =>
    `The file has ${count.toLocaleString('en-IN')} ${count === 1 ? 'error; correct it' : 'errors; correct them'} and upload it again`,
  bookChanged: (line: string) =>
    `The book changed since the check (${line}); nothing was imported. Check the file again, then commit`,
  toMatchNotFound: 'This collection is not waiting to be matched',
  loanId: 'Choose the loan this collection belongs to',
} as const;

/** A sheet of an uploaded file as the import reads it, with how its header row matched the kind's columns. */
export const ZImportSheet = z.object({
  name: z.string(),
  /** The kind its rows are imported as; null when the sheet is left out. */
  kind: z.enum(IMPORT_KINDS).nullable(),
  headerRow: z.number(),
  headers: z.array(z.string()),
  rows: z.number(),
  /** Column key → the file's column (0-based) read for it. */
  mapping: z.record(z.string(), z.number()),
  /** Required column keys the mapping does not give. */
  missing: z.array(z.string()),
});
export type TImportSheet = z.infer<typeof ZImportSheet>;

/** Per kind: data rows, rows without error, records written by the commit, collections left to match. */
export const ZImportKindCount = z.object({
  rows: z.number(),
  valid: z.number(),
  written: z.number(),
  toMatch: z.number(),
  /** Collections only: rows an earlier import already recorded (paid, waiting or dismissed), skipped. */
  alreadyImported: z.number().optional(),
});

/** An import as the wizard and the list show it. */
export const ZImport = z.object({
  id: z.number(),
  fileName: z.string(),
  sizeBytes: z.number(),
  status: z.enum(IMPORT_STATUSES),
  cutOverDate: z.string(),
  sheets: z.array(ZImportSheet),
  summary: z.partialRecord(z.enum(IMPORT_KINDS), ZImportKindCount).nullable(),
  errorCount: z.number(),
  uploadedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The job checking or committing it now, or that last did (the Jobs screen's id). */
  checkJobId: z.number().nullable(),
  commitJobId: z.number().nullable(),
  /** The latest of those jobs as the wizard's progress bar shows it (admins do not see the Jobs screen). */
  job: z
    .object({
      id: z.number(),
      kind: z.enum(['import.check', 'import.commit']),
      status: z.enum(JOB_STATUSES),
      progressDone: z.number(),
      progressTotal: z.number().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  checkedAt: z.string().nullable(),
  committedAt: z.string().nullable(),
});
export type TImport = z.infer<typeof ZImport>;

export const ZImportResponse = z.object({ data: ZImport });
export type TImportResponse = z.infer<typeof ZImportResponse>;

/** An answer that started or changed an import, with what to tell the user. */
export const ZImportChanged = z.object({ message: z.string(), data: ZImport });
export type TImportChanged = z.infer<typeof ZImportChanged>;

export const ZImportPage = z.object({
  imports: z.array(ZImport),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
});
export type TImportPage = z.infer<typeof ZImportPage>;

/** GET /imports: newest first. */
export const ZImportListQuery = ZQuery({
  page: ZPageQuery,
  pageSize: ZQueryInteger('pageSize', 1, IMPORT_PAGE_MAX, IMPORT_PAGE_SIZE),
});
export type TImportListQuery = z.infer<typeof ZImportListQuery>;

export const ZImportIdParams = z.object({ id: ZDbId(importApiMessages.id) });

/** GET /imports/template: the workbook of every kind, or one kind's CSV. */
export const ZImportTemplateQuery = ZQuery({
  format: z.enum(['xlsx', 'csv'], { error: importApiMessages.format }).default('xlsx'),
  kind: z.enum(IMPORT_KINDS, { error: importApiMessages.kind }).optional(),
});
export type TImportTemplateQuery = z.infer<typeof ZImportTemplateQuery>;

/**
 * PUT /imports/:id/mapping: per sheet, the kind to read it as (null: leave it out) and, per column
 * key, the file's header to read it from (null: the file does not have it). Remembered per kind
 * for the lender's next files.
 */
export const ZImportMappingRequest = z.object({
  sheets: z
    .array(
      z.object({
        name: z.string().min(1),
        kind: z.enum(IMPORT_KINDS, { error: importApiMessages.kind }).nullable(),
        columns: z.record(z.string(), z.string().nullable()).default({}),
      }),
    )
    .min(1),
  cutOverDate: ZIsoDate.optional(),
});
export type TImportMappingRequest = z.infer<typeof ZImportMappingRequest>;

/** GET /imports/:id/errors: the last check's errors in file order, optionally of one sheet. */
export const ZImportErrorsQuery = ZQuery({
  page: ZPageQuery,
  pageSize: ZQueryInteger('pageSize', 1, IMPORT_PAGE_MAX, IMPORT_PAGE_SIZE),
  sheet: z.string().max(200).optional(),
});
export type TImportErrorsQuery = z.infer<typeof ZImportErrorsQuery>;

/** One row's error: which sheet, which row (as the spreadsheet numbers it), which column, why. */
export const ZImportError = z.object({
  sheet: z.string(),
  row: z.number(),
  column: z.string(),
  message: z.string(),
});
export type TImportError = z.infer<typeof ZImportError>;

export const ZImportErrorPage = z.object({
  errors: z.array(ZImportError),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
});
export type TImportErrorPage = z.infer<typeof ZImportErrorPage>;

/** A collection row no loan could be found for, waiting for an admin to match it by hand. */
export const ZCollectionToMatch = z.object({
  id: z.number(),
  importId: z.number().nullable(),
  sheet: z.string(),
  row: z.number(),
  loanText: z.string(),
  amount: z.number(),
  collectedOn: z.string(),
  paymentMode: z.string(),
  utr: z.string().nullable(),
  /** The agent the row named as collector: matched, the cash is with them; null: the admin matching it. */
  collectedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type TCollectionToMatch = z.infer<typeof ZCollectionToMatch>;

export const ZCollectionToMatchPage = z.object({
  collections: z.array(ZCollectionToMatch),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
  /** Σ amount (rupees) of every collection waiting, over the whole list. */
  totalAmount: z.number(),
});
export type TCollectionToMatchPage = z.infer<typeof ZCollectionToMatchPage>;

export const ZCollectionToMatchQuery = ZImportListQuery;

/** POST /imports/to-match/:id/match: pays the collection to this loan through the money path. */
export const ZMatchCollectionRequest = z.object({ loan_id: ZDbId(importApiMessages.loanId) });
export type TMatchCollectionRequest = z.infer<typeof ZMatchCollectionRequest>;

/** POST /imports/to-match/:id/dismiss: the money was not the lender's (a refund, a wrong credit). */
export const ZDismissCollectionRequest = z.object({
  reason: z.string().trim().min(1, 'Say why this collection is dismissed').max(500),
});
export type TDismissCollectionRequest = z.infer<typeof ZDismissCollectionRequest>;
