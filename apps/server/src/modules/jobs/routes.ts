import {
  JOB_PAGE_MAX,
  JOB_PAGE_SIZE,
  ZJobIdParams,
  ZJobListQuery,
  ZJobPage,
  ZJobResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { sendDownload } from '../../platform/streams';
import { createJobs } from './service';

/** The Jobs screen's reads are the superadmin's alone: a job's file may hold every record. */
const JOB_READERS = { roles: ['superadmin'], deniedMessage: 'Only the superadmin can see background jobs' };

/** A download link's refusal, whatever is wrong with it. */
const LINK_INVALID = 'This file link has expired or is invalid';

/** What a job's file is served as, by its name's ending; anything else is plain bytes. */
const contentTypeOfFile = (fileName: string) =>
  fileName.endsWith('.zip')
    ? 'application/zip'
    : fileName.endsWith('.csv')
      ? 'text/csv; charset=utf-8'
      : fileName.endsWith('.xlsx')
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'application/octet-stream';

/** The background jobs (housekeeping, exports): their status, progress, errors and files. */
export const jobRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const jobs = createJobs(deps);

    app.get(
      '/api/jobs',
      {
        schema: {
          tags: ['jobs'],
          summary: `Background jobs, newest first: page, pageSize (default ${JOB_PAGE_SIZE}, at most ${JOB_PAGE_MAX}), status, kind → {jobs, total, totalPages, page, counts}. counts: per status over the kind filter, whatever the status filter. A finished job's file is a signed link that expires. Superadmin only.`,
          querystring: ZJobListQuery,
          response: { 200: ZJobPage, ...errorResponses(400, 401, 403) },
        },
        config: { access: JOB_READERS },
      },
      async (request) => jobs.list(request.query),
    );

    app.get(
      '/api/jobs/:id',
      {
        schema: {
          tags: ['jobs'],
          summary: 'One background job → {data}; 404 when there is none. Superadmin only.',
          params: ZJobIdParams,
          response: { 200: ZJobResponse, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: JOB_READERS },
      },
      async (request) => ({ data: await jobs.show(request.params.id) }),
    );

    app.get(
      '/api/jobs/:id/download',
      {
        schema: {
          tags: ['jobs'],
          summary:
            "A finished job's file (an attachment) through the signed link its job answers; expired or tampered → 403, no longer kept → 404.",
          params: ZJobIdParams,
          // A link cut or typed by hand is refused in the words an expired one gets.
          querystring: z.object({
            expires: z.coerce.number({ error: LINK_INVALID }).int(LINK_INVALID),
            signature: z.string({ error: LINK_INVALID }).max(200, LINK_INVALID),
          }),
          response: { 200: z.unknown().describe('the file'), ...errorResponses(400, 403, 404) },
        },
        // The signature is the credential (a browser download cannot send a bearer token); only the
        // superadmin's job reads hand such links out.
        config: { access: { public: true, scope: 'signed' } },
      },
      async (request, reply) => {
        const file = await jobs.openFile(request.params.id, request.query);
        // The name is ours (letters, digits, '-', '.'), never the user's: safe inside the quotes.
        reply.header('x-content-type-options', 'nosniff');
        return sendDownload(reply, {
          type: contentTypeOfFile(file.fileName),
          fileName: file.fileName,
          body: file.stream,
        });
      },
    );
  };
