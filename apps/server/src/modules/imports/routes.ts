import { PassThrough } from 'node:stream';
import {
  IMPORT_FILE_MAX_BYTES,
  ZImportChanged,
  ZImportErrorPage,
  ZImportErrorsQuery,
  ZImportIdParams,
  ZImportListQuery,
  ZImportMappingRequest,
  ZImportPage,
  ZImportResponse,
  ZImportTemplateQuery,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { sendDownload } from '../../platform/streams';
import { createImports, showImport } from './service';
import { startImportCheck, startImportCommit } from './start';
import { checkTemplateRequest, writeImportTemplate } from './template';

/** Moving a book in is the office's work: admins and the superadmin; agents and customers are refused. */
const STAFF: Access = { roles: ['admin'], deniedMessage: 'Only admins can import a book' };

const tags = ['imports'];
const LOCKED = 'refused (409) while the import is being checked or committed, or once it is committed';

/**
 * The import wizard's API (docs/import.md): the template, the upload with its proposed mapping, the
 * mapping, the check (a dry run, as a job) and its errors, and the commit (as a job).
 */
export const importRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const imports = createImports(deps);

    app.get(
      '/api/imports/template',
      {
        schema: {
          tags,
          summary:
            'The import template: an .xlsx workbook with an About sheet and a sheet per kind (or only `kind`), each header noted, two example rows; or one kind’s CSV (`format=csv` needs `kind`)',
          querystring: ZImportTemplateQuery,
          response: { 200: z.unknown().describe('the file'), ...errorResponses(400, 401, 403) },
        },
        config: { access: STAFF },
      },
      async (request, reply) => {
        const { format, kind } = request.query;
        checkTemplateRequest(kind ?? 'all', format);
        const body = new PassThrough();
        writeImportTemplate(kind ?? 'all', format, body).catch((error: unknown) =>
          body.destroy(error as Error),
        );
        const fileName = `import-template${kind ? `-${kind}` : ''}.${format}`;
        return sendDownload(reply, {
          type:
            format === 'csv'
              ? 'text/csv; charset=utf-8'
              : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          fileName,
          body,
        });
      },
    );

    app.post(
      '/api/imports',
      {
        schema: {
          tags,
          summary:
            'Uploads an import file (multipart): {message, data: import} with each sheet read, its rows counted and its columns matched (the lender’s remembered choices first)',
          description: `multipart/form-data: file (an .xlsx workbook or a CSV file, recognised by its bytes; at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB) and cutOverDate (YYYY-MM-DD, not after today; today when absent). A file refused as a whole answers 400 with its code (IMPORT_FILE_EMPTY, IMPORT_FILE_TYPE, IMPORT_FILE_UNREADABLE, IMPORT_TOO_MANY_ROWS, IMPORT_BAD_HEADER); too large: 413 FILE_TOO_LARGE; nothing of a refused file is kept.`,
          consumes: ['multipart/form-data'],
          response: { 201: ZImportChanged, ...errorResponses(400, 401, 403, 413, 415) },
        },
        config: { access: STAFF },
      },
      async (request, reply) => reply.status(201).send(await imports.upload(request, actorOf(request))),
    );

    app.get(
      '/api/imports',
      {
        schema: {
          tags,
          summary: 'Imports, newest first: {imports, total, totalPages, page}',
          querystring: ZImportListQuery,
          response: { 200: ZImportPage, ...errorResponses(400, 401, 403) },
        },
        config: { access: STAFF },
      },
      async (request) => imports.list(request.query),
    );

    app.get(
      '/api/imports/:id',
      {
        schema: {
          tags,
          summary:
            'One import with its sheets, counts and the job checking or committing it (status and progress)',
          params: ZImportIdParams,
          response: { 200: ZImportResponse, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: STAFF },
      },
      async (request) => ({ data: await showImport(deps, request.params.id) }),
    );

    app.put(
      '/api/imports/:id/mapping',
      {
        schema: {
          tags,
          summary:
            'Sets what each named sheet holds and which header gives each column (remembered per kind for the next files); the import is uploaded again, its last check cleared',
          description: `A sheet, column or header the file does not have: 400 IMPORT_MAPPING_INVALID; ${LOCKED}.`,
          params: ZImportIdParams,
          body: ZImportMappingRequest,
          response: { 200: ZImportChanged, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: { access: STAFF },
      },
      async (request) => imports.remap(request.params.id, request.body, actorOf(request)),
    );

    app.post(
      '/api/imports/:id/check',
      {
        schema: {
          tags,
          summary:
            'Starts the check (a dry run) as a job: every row checked against the book, its errors listed; nothing is saved → 202 {message, data: import}',
          description: `No sheet to import, or one without a required column: 400 IMPORT_MAPPING_INVALID / IMPORT_COLUMNS_MISSING; ${LOCKED}.`,
          params: ZImportIdParams,
          response: { 202: ZImportChanged, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: { access: STAFF },
      },
      async (request, reply) =>
        reply.status(202).send(await startImportCheck(deps, request.params.id, actorOf(request))),
    );

    app.get(
      '/api/imports/:id/errors',
      {
        schema: {
          tags,
          summary: 'The last check’s errors in file order, a page at a time, optionally of one sheet',
          params: ZImportIdParams,
          querystring: ZImportErrorsQuery,
          response: { 200: ZImportErrorPage, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: STAFF },
      },
      async (request) => imports.errors(request.params.id, request.query),
    );

    app.post(
      '/api/imports/:id/commit',
      {
        schema: {
          tags,
          summary:
            'Starts the commit as a job: the whole import written in one transaction, or nothing → 202 {message, data: import}',
          description:
            'Only a checked import with no errors: otherwise 409 IMPORT_NOT_COMMITTABLE. Every row is checked again first; a row the book no longer takes fails the job, nothing written.',
          params: ZImportIdParams,
          response: { 202: ZImportChanged, ...errorResponses(401, 403, 404, 409) },
        },
        config: { access: STAFF },
      },
      async (request, reply) =>
        reply.status(202).send(await startImportCommit(deps, request.params.id, actorOf(request))),
    );
  };
