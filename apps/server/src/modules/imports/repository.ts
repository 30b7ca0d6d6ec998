import type { ImportStatus } from '@lending/domain';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  auditLogs,
  type ImportRow,
  type ImportSheetValue,
  importColumnMappings,
  importReferences,
  importRowErrors,
  imports,
  jobs,
  users,
} from '../../db/schema';
import type { PageWindow } from '../../db/sql';
import type { NewAuditRow } from '../../platform/audit-repository';

/** The job checking or committing an import, as the wizard's progress bar reads it. */
export type ImportJobView = {
  id: number;
  kind: string;
  status: string;
  progressDone: number;
  progressTotal: number | null;
  error: string | null;
};

/** An import with who uploaded it and its latest job. */
export type ImportView = ImportRow & { uploadedByName: string | null; job: ImportJobView | null };

const view = {
  row: imports,
  uploadedByName: users.name,
  job: {
    id: jobs.id,
    kind: jobs.kind,
    status: jobs.status,
    progressDone: jobs.progressDone,
    progressTotal: jobs.progressTotal,
    error: jobs.error,
  },
};

type ViewRow = { row: ImportRow; uploadedByName: string | null; job: ImportJobView | null };

const toView = ({ row, uploadedByName, job }: ViewRow): ImportView => ({ ...row, uploadedByName, job });

/** The later of the check and commit jobs (ids grow): the one the wizard follows. */
const latestJobId = sql`greatest(${imports.checkJobId}, ${imports.commitJobId})`;

const selectViews = (db: Executor) =>
  db
    .select(view)
    .from(imports)
    .leftJoin(users, eq(users.id, imports.uploadedBy))
    .leftJoin(jobs, eq(jobs.id, latestJobId))
    .$dynamic();

export const insertImport = async (db: Executor, values: typeof imports.$inferInsert): Promise<ImportRow> => {
  const [row] = await db.insert(imports).values(values).returning();
  if (!row) throw new Error('insert returned no import');
  return row;
};

export const findImportView = async (db: Executor, id: number): Promise<ImportView | null> => {
  const [row] = await selectViews(db).where(eq(imports.id, id));
  return row ? toView(row) : null;
};

/** The import's row, locked for the rest of the transaction when `lock` (the commit holds it). */
export const findImport = async (db: Executor, id: number, lock = false): Promise<ImportRow | null> => {
  const query = db.select().from(imports).where(eq(imports.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
};

/** One page of imports, newest first. */
export const listImportViews = async (db: Executor, page: PageWindow): Promise<ImportView[]> =>
  (
    await selectViews(db)
      .orderBy(desc(imports.createdAt), desc(imports.id))
      .limit(page.limit)
      .offset(page.offset)
  ).map(toView);

export const countImports = async (db: Executor): Promise<number> =>
  (await db.select({ n: count() }).from(imports))[0]?.n ?? 0;

/** The latest committed import of the same bytes, if any. */
export const findCommittedWithSha = async (db: Executor, sha256: string) => {
  const [row] = await db
    .select({ id: imports.id, committedAt: imports.committedAt })
    .from(imports)
    .where(and(eq(imports.sha256, sha256), eq(imports.status, 'committed')))
    .orderBy(desc(imports.id))
    .limit(1);
  return row ?? null;
};

/**
 * Changes the import only while its status is one of `from` (and `where` holds): the claim that
 * makes two clicks, or a click and a running job, never both go ahead. Null when it did not hold.
 */
export const updateImportIf = async (
  db: Executor,
  id: number,
  from: readonly ImportStatus[],
  changes: Partial<typeof imports.$inferInsert>,
  where?: SQL,
): Promise<ImportRow | null> => {
  const [row] = await db
    .update(imports)
    .set(changes)
    .where(and(eq(imports.id, id), inArray(imports.status, [...from]), where))
    .returning();
  return row ?? null;
};

/** The check (or commit) job of this import that runs it now: `column` naming it, or not set yet. */
export const jobIsOrUnset = (column: 'check' | 'commit', jobId: number): SQL => {
  const named = column === 'check' ? imports.checkJobId : imports.commitJobId;
  return or(isNull(named), eq(named, jobId)) as SQL;
};

/**
 * The newest job of `kind` started for the import (keys `import:<id>:<word>:<n>`): only it may run
 * the import's check or commit; an older one (a retry that waited while the lender started again)
 * finds it has been superseded.
 */
export const newestImportJobId = async (
  db: Executor,
  kind: 'import.check' | 'import.commit',
  importId: number,
): Promise<number | null> => {
  const [row] = await db
    .select({ id: sql<number | null>`max(${jobs.id})` })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), sql`${jobs.key} like ${importJobKeyPrefix(kind, importId)} || '%'`));
  return row?.id ?? null;
};

/** How many jobs of `kind` the import has had: the next one's number in its key. */
export const countImportJobs = async (
  db: Executor,
  kind: 'import.check' | 'import.commit',
  importId: number,
): Promise<number> =>
  (
    await db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), sql`${jobs.key} like ${importJobKeyPrefix(kind, importId)} || '%'`))
  )[0]?.n ?? 0;

/** `import:12:check:` — the prefix of every check job's key of import 12. */
export const importJobKeyPrefix = (kind: 'import.check' | 'import.commit', importId: number) =>
  `import:${importId}:${kind === 'import.check' ? 'check' : 'commit'}:`;

export const deleteRowErrors = async (db: Executor, importId: number) => {
  await db.delete(importRowErrors).where(eq(importRowErrors.importId, importId));
};

export type NewRowError = typeof importRowErrors.$inferInsert;

/** A few thousand at a time: one statement's parameters stay far below PostgreSQL's 65,535. */
const ERROR_CHUNK = 2000;

export const insertRowErrors = async (db: Executor, rows: readonly NewRowError[]) => {
  for (let start = 0; start < rows.length; start += ERROR_CHUNK)
    await db.insert(importRowErrors).values(rows.slice(start, start + ERROR_CHUNK));
};

const errorsOf = (importId: number, sheet: string | undefined) =>
  and(
    eq(importRowErrors.importId, importId),
    sheet === undefined ? undefined : eq(importRowErrors.sheet, sheet),
  );

/** One page of the errors in the order they were found (file order within a sheet), by the (import, id) index. */
export const rowErrorPage = (db: Executor, importId: number, sheet: string | undefined, page: PageWindow) =>
  db
    .select({
      sheet: importRowErrors.sheet,
      row: importRowErrors.rowNumber,
      column: importRowErrors.column,
      message: importRowErrors.message,
    })
    .from(importRowErrors)
    .where(errorsOf(importId, sheet))
    .orderBy(asc(importRowErrors.id))
    .limit(page.limit)
    .offset(page.offset);

export const countRowErrors = async (db: Executor, importId: number, sheet: string | undefined) =>
  (await db.select({ n: count() }).from(importRowErrors).where(errorsOf(importId, sheet)))[0]?.n ?? 0;

/** Every remembered choice: kind → column key → header (null: their files do not have it). */
export const rememberedMappings = async (
  db: Executor,
): Promise<Record<string, Record<string, string | null>>> => {
  const rows = await db.select().from(importColumnMappings);
  const byKind: Record<string, Record<string, string | null>> = {};
  for (const row of rows) byKind[row.kind] = { ...byKind[row.kind], [row.columnKey]: row.header };
  return byKind;
};

export const rememberMappings = async (
  db: Executor,
  kind: string,
  choices: Record<string, string | null>,
  userId: number | null,
) => {
  const rows = Object.entries(choices).map(([columnKey, header]) => ({
    kind,
    columnKey,
    header,
    updatedBy: userId,
  }));
  if (rows.length === 0) return;
  await db
    .insert(importColumnMappings)
    .values(rows)
    .onConflictDoUpdate({
      target: [importColumnMappings.kind, importColumnMappings.columnKey],
      set: {
        header: sql`excluded.header`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`now()`,
      },
    });
};

export const insertReferences = async (
  db: Executor,
  rows: readonly (typeof importReferences.$inferInsert)[],
) => {
  if (rows.length > 0) await db.insert(importReferences).values([...rows]);
};

/** Audit rows of a batch in one statement (one per person an import writes). */
export const insertAuditRows = async (db: Executor, rows: readonly NewAuditRow[]) => {
  if (rows.length > 0) await db.insert(auditLogs).values([...rows]);
};

/** The sheets as stored, for a caller that changes them. */
export type { ImportSheetValue };
