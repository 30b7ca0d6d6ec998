import {
  formatDdMmYyyy,
  type ImportStatus,
  type IsoDate,
  importApiMessages,
  istDateOf,
  type TImport,
  type TImportChanged,
  type TImportErrorPage,
  type TImportErrorsQuery,
  type TImportListQuery,
  type TImportMappingRequest,
  type TImportPage,
  ZIsoDate,
} from '@lending/domain';
import type { FastifyRequest } from 'fastify';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { badRequest, conflict, fieldError, notFound } from '../../platform/errors';
import { effectiveStatus, toImport } from './presenter';
import {
  countImports,
  countRowErrors,
  deleteRowErrors,
  findCommittedWithSha,
  findImportView,
  type ImportView,
  insertImport,
  listImportViews,
  rememberedMappings,
  rememberMappings,
  rowErrorPage,
  updateImportIf,
} from './repository';
import { proposeSheets, readSheetShapes, remapSheets } from './sheets';
import { IMPORT_FILE_FIELD, receiveImportUpload } from './upload';

/** What the answers that change an import tell the lender. */
export const importAnswers = {
  uploaded: (fileName: string, sheets: number, rows: number) =>
    `${fileName} is uploaded: ${rows.toLocaleString('en-IN')} ${rows === 1 ? 'row' : 'rows'} on ${sheets} ${sheets === 1 ? 'sheet' : 'sheets'}. Check how its columns are read, then check the file`,
  seenBefore: (id: number, on: string) =>
    `. This file was imported before (import ${id}, ${on}): checking it finds its rows already in the book`,
  mapped: 'The columns are saved, and remembered for your next files',
  checkStarted: 'Checking every row against the book; nothing is saved yet',
  commitStarted: 'Importing: everything is written at once, or nothing if anything fails',
} as const;

/** Statuses in which an import can be remapped or checked (again). */
export const OPEN_STATUSES: readonly ImportStatus[] = ['uploaded', 'checked', 'failed'];

/** The cut-over day a lender gave: a real date, not after today; today when not given. */
export const cutOverDay = (given: string | undefined, today: IsoDate): IsoDate => {
  if (given === undefined || given === '') return today;
  const parsed = ZIsoDate.safeParse(given);
  if (!parsed.success)
    throw fieldError('VALIDATION_FAILED', 'cutOverDate', parsed.error.issues[0]?.message ?? 'Invalid date');
  if (parsed.data > today)
    throw fieldError('VALIDATION_FAILED', 'cutOverDate', importApiMessages.cutOverAfterToday);
  return parsed.data;
};

export const locked = () => conflict('IMPORT_LOCKED', importApiMessages.notCheckable);

/** The import as the wizard reads it; 404 when there is none. */
export const loadImport = async (deps: AppDeps, id: number): Promise<ImportView> => {
  const row = await findImportView(deps.db, id);
  if (!row) throw notFound(importApiMessages.notFound);
  const status = effectiveStatus(row);
  // A job that failed for good leaves its import failed: recorded once it is seen.
  if (status !== row.status) await updateImportIf(deps.db, id, [row.status as ImportStatus], { status });
  return { ...row, status };
};

export const showImport = async (deps: AppDeps, id: number): Promise<TImport> =>
  toImport(await loadImport(deps, id));

/** Uploading, listing, reading and mapping imports. */
export const createImports = (deps: AppDeps) => ({
  /**
   * POST /imports: the file streamed into the storage (hashed as it goes), read once for its sheets,
   * their rows counted and their columns matched (the lender's remembered choices first). A refused
   * file leaves nothing behind.
   */
  async upload(request: FastifyRequest, actor: Actor): Promise<TImportChanged> {
    const { fields, file } = await receiveImportUpload(request, deps.storage);
    if (file === null)
      throw badRequest('FILE_REQUIRED', importApiMessages.fileMissing, [
        { param: IMPORT_FILE_FIELD, msg: importApiMessages.fileMissing },
      ]);
    try {
      const cutOverDate = cutOverDay(fields.cutOverDate, deps.clock.today());
      const input = await deps.storage.getStream(file.storageKey);
      if (input === null) throw new Error(`the upload ${file.storageKey} was not stored`);
      const shapes = await readSheetShapes(input, file.fileName);
      const sheets = proposeSheets(shapes, await rememberedMappings(deps.db));
      const before = await findCommittedWithSha(deps.db, file.sha256);
      const row = await deps.db.transaction(async (tx) => {
        const inserted = await insertImport(tx, {
          ...file,
          status: 'uploaded',
          cutOverDate,
          sheets,
          uploadedBy: actor.userId,
        });
        await writeAudit(tx, actor, {
          action: 'import_uploaded',
          resourceType: 'import',
          resourceId: inserted.id,
          metadata: {
            file_name: file.fileName,
            size_bytes: file.sizeBytes,
            sha256: file.sha256,
            sheets: sheets.map((sheet) => ({ name: sheet.name, kind: sheet.kind, rows: sheet.rows })),
          },
        });
        return inserted;
      });
      const rows = sheets.reduce((sum, sheet) => sum + sheet.rows, 0);
      const seenBefore =
        before?.committedAt != null
          ? importAnswers.seenBefore(before.id, formatDdMmYyyy(istDateOf(before.committedAt)))
          : '';
      return {
        message: importAnswers.uploaded(file.fileName, sheets.length, rows) + seenBefore,
        data: await showImport(deps, row.id),
      };
    } catch (error) {
      await deps.storage.delete(file.storageKey);
      throw error;
    }
  },

  /** GET /imports: newest first. */
  async list(query: TImportListQuery): Promise<TImportPage> {
    const rows = await listImportViews(deps.db, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    const total = await countImports(deps.db);
    return {
      imports: rows.map(toImport),
      total,
      totalPages: Math.ceil(total / query.pageSize),
      page: query.page,
    };
  },

  /**
   * PUT /imports/:id/mapping: each named sheet read as the kind and columns chosen; the import goes
   * back to uploaded (its last check no longer holds) and the choices are remembered per kind.
   */
  async remap(id: number, body: TImportMappingRequest, actor: Actor): Promise<TImportChanged> {
    const row = await loadImport(deps, id);
    if (!OPEN_STATUSES.includes(row.status as ImportStatus)) throw locked();
    const cutOverDate =
      body.cutOverDate === undefined ? row.cutOverDate : cutOverDay(body.cutOverDate, deps.clock.today());
    const remembered = await rememberedMappings(deps.db);
    const sheets = remapSheets(row.sheets, body.sheets, remembered);
    await deps.db.transaction(async (tx) => {
      const changed = await updateImportIf(tx, id, OPEN_STATUSES, {
        sheets,
        cutOverDate,
        status: 'uploaded',
        summary: null,
        errorCount: 0,
        checkedAt: null,
      });
      if (!changed) throw locked();
      await deleteRowErrors(tx, id);
      for (const choice of body.sheets)
        if (choice.kind !== null) await rememberMappings(tx, choice.kind, choice.columns, actor.userId);
      await writeAudit(tx, actor, {
        action: 'import_mapped',
        resourceType: 'import',
        resourceId: id,
        metadata: { sheets: body.sheets, cut_over_date: cutOverDate },
      });
    });
    return { message: importAnswers.mapped, data: await showImport(deps, id) };
  },

  /** GET /imports/:id/errors: the last check's errors in file order, a page at a time. */
  async errors(id: number, query: TImportErrorsQuery): Promise<TImportErrorPage> {
    const row = await loadImport(deps, id);
    const window = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
    const errors = await rowErrorPage(deps.db, row.id, query.sheet, window);
    const total = await countRowErrors(deps.db, row.id, query.sheet);
    return { errors, total, totalPages: Math.ceil(total / query.pageSize), page: query.page };
  },
});
