import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigId, calendarDate, createdAt, moment, paise, updatedAt } from './columns';
import { emiPayments } from './emi-records';
import { jobs } from './jobs';
import { loans } from './loans';
import { userRef } from './users';

/**
 * A sheet of an uploaded import file as the import keeps it: the kind it is read as (null: not
 * imported), its header row, how many data rows it has, and the mapping from column key to the
 * file's column (0-based) the lender confirmed.
 */
export type ImportSheetValue = {
  name: string;
  kind: 'agents' | 'customers' | 'loans' | 'collections' | null;
  headerRow: number;
  headers: string[];
  rows: number;
  date1904: boolean;
  mapping: Record<string, number>;
};

/** What a check (dry run) or a commit counted, per kind: rows, rows without error, records written. */
export type ImportSummaryValue = Record<
  string,
  { rows: number; valid: number; written: number; toMatch: number; alreadyImported?: number }
>;

/**
 * An import: one uploaded file, from upload through its check (dry run) to its commit. The file
 * stays in the storage under `storage_key` until the import is committed or abandoned.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** The file's SHA-256: the same file uploaded again is the same import's file. */
    sha256: text('sha256').notNull(),
    status: text('status').notNull().default('uploaded'),
    /** The day the lender moves in: positions are as of this day, collections up to it. */
    cutOverDate: calendarDate('cut_over_date').notNull(),
    sheets: jsonb('sheets').$type<ImportSheetValue[]>().notNull(),
    summary: jsonb('summary').$type<ImportSummaryValue>(),
    errorCount: integer('error_count').notNull().default(0),
    uploadedBy: userRef('uploaded_by', 'set null'),
    checkJobId: integer('check_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    commitJobId: integer('commit_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    checkedAt: moment('checked_at'),
    committedAt: moment('committed_at'),
  },
  (t) => [
    check(
      'imports_status_check',
      sql`${t.status} in ('uploaded', 'checking', 'checked', 'committing', 'committed', 'failed')`,
    ),
    index('imports_created_at_idx').on(t.createdAt, t.id),
  ],
);

/** Every error the last check of an import found, one per row and column, in file order. */
export const importRowErrors = pgTable(
  'import_row_errors',
  {
    id: bigId(),
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    sheet: text('sheet').notNull(),
    rowNumber: integer('row_number').notNull(),
    column: text('column').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('import_row_errors_import_idx').on(t.importId, t.id)],
);

/**
 * The lender's remembered column choices per kind: the column key → the header their files use
 * for it (null: their files do not have it). The next upload's mapping starts from these.
 */
export const importColumnMappings = pgTable(
  'import_column_mappings',
  {
    kind: text('kind').notNull(),
    columnKey: text('column_key').notNull(),
    header: text('header'),
    updatedBy: userRef('updated_by', 'set null'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.columnKey] })],
);

/**
 * The lender's own references of imported records (customer and loan references), kept so that a
 * later import finds them and importing the same file again creates nothing twice.
 */
export const importReferences = pgTable(
  'import_references',
  {
    kind: text('kind').notNull(),
    /** The reference as compared: upper case, runs of spaces as one. */
    referenceKey: text('reference_key').notNull(),
    reference: text('reference').notNull(),
    recordId: integer('record_id').notNull(),
    importId: integer('import_id').references(() => imports.id, { onDelete: 'set null' }),
    rowNumber: integer('row_number'),
    createdAt: createdAt(),
  },
  (t) => [
    check('import_references_kind_check', sql`${t.kind} in ('customer', 'loan')`),
    primaryKey({ columns: [t.kind, t.referenceKey] }),
    index('import_references_record_idx').on(t.kind, t.recordId),
  ],
);

/**
 * Each collection row ever imported, once by its key ('utr:<reference>' or 'row:<hash of the row>'):
 * paid (with the payment it made), waiting to be matched to a loan by hand, or dismissed. The key's
 * uniqueness is what makes a re-upload, or two uploads at once, pay nothing twice.
 */
export const importCollections = pgTable(
  'import_collections',
  {
    id: bigId(),
    matchKey: text('match_key').notNull(),
    importId: integer('import_id').references(() => imports.id, { onDelete: 'set null' }),
    sheet: text('sheet').notNull(),
    rowNumber: integer('row_number').notNull(),
    status: text('status').notNull(),
    /** What the row said, as the "to match" list shows it: the loan named, amount, date, mode, UTR. */
    loanText: text('loan_text').notNull(),
    amount: paise('amount').notNull(),
    collectedOn: calendarDate('collected_on').notNull(),
    paymentMode: text('payment_mode').notNull(),
    utr: text('utr'),
    /** The collector the row named (the cash is with them once paid); null: the admin who pays it. */
    collectedBy: userRef('collected_by', 'set null'),
    /** Why it waits: the row's loan error in the product's words. */
    reason: text('reason'),
    loanId: integer('loan_id').references(() => loans.id, { onDelete: 'restrict' }),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => emiPayments.id, {
      onDelete: 'restrict',
    }),
    resolvedBy: userRef('resolved_by', 'set null'),
    resolvedAt: moment('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('import_collections_status_check', sql`${t.status} in ('paid', 'to_match', 'dismissed')`),
    uniqueIndex('import_collections_match_key_idx').on(t.matchKey),
    index('import_collections_status_idx').on(t.status, t.id),
  ],
);

export type ImportRow = typeof imports.$inferSelect;
export type ImportCollectionRow = typeof importCollections.$inferSelect;
