import {
  ZClassificationSummary,
  ZDayEndCloseListQuery,
  ZDayEndClosePage,
  ZErrorResponse,
  ZJobStarted,
  ZLoanClassification,
  ZLoanIdParam,
  ZRegisterExportQuery,
  ZRegisterPage,
  ZRegisterQuery,
  ZStartDayEndCloseRequest,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { sendDownload } from '../../platform/streams';
import { registerCsv, registerXlsx } from './export';
import { createClassification, registerFilterOf } from './service';

/** The book's classification is an admin's view, as the portfolio is. */
const REGISTER_READERS: Access = { roles: ['admin', 'superadmin'] };
/** Closing a day by hand, and its history, are the superadmin's, as the Jobs screen is. */
const CLOSERS: Access = {
  roles: ['superadmin'],
  deniedMessage: 'Only the superadmin can run the day-end close',
};
/** Loan Details' staff: agents see only their own customers' loans. */
const STAFF: Access = { roles: ['agent', 'admin'], permission: ['loans', 'read'], scope: 'owned' };

const tags = ['classification'];
const errors = errorResponses(400, 401, 403);
const RULES =
  "Classes by days past due at the end of the business day (the oldest unpaid instalment, payments applied oldest first): standard 0, SMA-0 1–30, SMA-1 31–60, SMA-2 61–90, NPA over 90; an NPA loan stays NPA until all its arrears are paid; one NPA loan makes all the borrower's loans NPA. Amounts in rupees. docs/classification.md.";

/** RBI's day-end classification: the SMA/NPA register, its export, the summary, a loan's class, the closes. */
export const classificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const classification = createClassification(deps);

    app.get(
      '/api/classification/register',
      {
        schema: {
          tags,
          summary:
            'The SMA/NPA register of a closed business day (the latest when date is absent), paged, with totals per class',
          description: RULES,
          querystring: ZRegisterQuery,
          response: { 200: ZRegisterPage, ...errors },
        },
        config: { access: REGISTER_READERS },
      },
      async (request) => classification.register(request.query),
    );

    app.get(
      '/api/classification/register/export',
      {
        schema: {
          tags,
          summary: 'The SMA/NPA register the filter matches (every page) as CSV or .xlsx',
          description: RULES,
          querystring: ZRegisterExportQuery,
          response: { 200: z.any(), ...errors },
        },
        config: { access: REGISTER_READERS },
      },
      async (request, reply) => {
        const { format, ...query } = request.query;
        const filter = await registerFilterOf(deps, query);
        const day = filter?.day ?? deps.clock.today();
        const empty = filter ?? { day: '1900-01-01' };
        const xlsx = format === 'xlsx';
        return sendDownload(reply, {
          type: xlsx
            ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
            : 'text/csv; charset=utf-8',
          fileName: `sma_npa_register_${day}.${format}`,
          body: xlsx ? registerXlsx(deps, empty) : registerCsv(deps, empty),
        });
      },
    );

    app.get(
      '/api/classification/summary',
      {
        schema: {
          tags,
          summary:
            "The latest close's loans and outstanding principal per class, and NPA as a share of the book's outstanding",
          description: RULES,
          response: { 200: ZClassificationSummary, ...errorResponses(401, 403) },
        },
        config: { access: REGISTER_READERS },
      },
      async () => classification.summary(),
    );

    app.get(
      '/api/loans/:id/classification',
      {
        schema: {
          tags,
          summary:
            "A loan's class at the latest close and its class changes, newest first; loans outside the caller's scope answer 404",
          description: RULES,
          params: ZLoanIdParam,
          response: { 200: ZLoanClassification, ...errors, 404: ZErrorResponse },
        },
        config: { access: STAFF },
      },
      async (request) => classification.loan(currentUser(request), request.params.id),
    );

    app.get(
      '/api/classification/closes',
      {
        schema: {
          tags,
          summary:
            'The day-end closes, newest business day first, with their timings, counts and the time the close runs by itself',
          querystring: ZDayEndCloseListQuery,
          response: { 200: ZDayEndClosePage, ...errors },
        },
        config: { access: CLOSERS },
      },
      async (request) => classification.closes(request.query),
    );

    app.post(
      '/api/classification/closes',
      {
        schema: {
          tags,
          summary:
            'Closes a business day that has ended, as a background job → {message, data: job}; a day already closed only with rerun (409 otherwise); the days closed after it are closed again after it',
          body: ZStartDayEndCloseRequest,
          response: { 200: ZJobStarted, ...errors, 409: ZErrorResponse },
        },
        config: { access: CLOSERS },
      },
      async (request) => classification.start(actorOf(request), request.body),
    );
  };
