import {
  JOB_PAGE_MAX,
  JOB_PAGE_SIZE,
  ZJobIdParams,
  ZJobListQuery,
  ZJobPage,
  ZJobResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createJobs } from './service';

/** The Jobs screen's reads are the superadmin's alone: a job's file may hold every record. */
const JOB_READERS = { roles: ['superadmin'], deniedMessage: 'Only the superadmin can see background jobs' };

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
  };
