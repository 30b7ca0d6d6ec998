import {
  formatDdMmYyyy,
  loanScopeOf,
  ZErrorResponse,
  ZForeclosureDetails,
  ZLoanDetail,
  ZLoanExportQuery,
  ZLoanIdParam,
  ZLoanListQuery,
  ZLoanListResponse,
  ZLoanUpiResponse,
  ZMyLoanDetail,
  ZMyLoansResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { prefetched, sendDownload } from '../../platform/streams';
import { loansCsv, loansPdf } from './export-files';
import { createLoanForeclosure } from './foreclosure-service';
import { eachLoan } from './list-repository';
import { createLoanQueries, settleOverdueDates } from './query-service';
import { loanUpiPayment } from './upi';

const errors = errorResponses(400, 401, 403);
const withNotFound = { ...errors, 404: ZErrorResponse };

/** Staff who work the Loan Management screen; agents see only their own customers' loans. */
const STAFF = { roles: ['agent', 'admin'], permission: ['loans', 'read'], scope: 'owned' } as const;

const LIST_DESCRIPTION =
  'Filters: search (loan number, loan code, customer name or mobile, any case), status, customer_id, start_date/end_date (a range of start dates, both included), sort_by (loan_number, customer_name, loan_amount, per_day_emi, start_date, created_at), sort_direction (default loan_number asc). Agents see only loans of their own customers; borrowers use /loans/my.';

export const loanReadRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const queries = createLoanQueries(deps);
    const foreclosure = createLoanForeclosure(deps);

    app.get(
      '/api/loans',
      {
        schema: {
          tags: ['loans'],
          summary:
            'Loans, 20 a page: {loans, total, totalPages, totalAmount (Σ loan_amount of every match), counts {accepted, pending, completed}}',
          description: LIST_DESCRIPTION,
          querystring: ZLoanListQuery,
          response: { 200: ZLoanListResponse, ...errors },
        },
        config: { access: STAFF },
      },
      async (request) => queries.list(currentUser(request), request.query),
    );

    app.get(
      '/api/loans/export',
      {
        schema: {
          tags: ['loans'],
          summary:
            'The loans the list filters match, as loans_export.csv (export_type=csv, the default) or loans_export.pdf (export_type=pdf)',
          description: `${LIST_DESCRIPTION} page and limit are ignored: every match is exported, read from the database in keyset batches and written as it is read (CSV or PDF), so any number of rows downloads in bounded memory.`,
          querystring: ZLoanExportQuery,
          produces: ['text/csv', 'application/pdf'],
          response: { 200: z.unknown().describe('the file'), ...errors },
        },
        config: { access: STAFF },
      },
      async (request, reply) => {
        const { page: _page, limit: _limit, export_type, ...filters } = request.query;
        await settleOverdueDates(deps.db, filters);
        const loans = await prefetched(
          eachLoan(
            deps.db,
            { ...filters, scope: loanScopeOf(currentUser(request)), today: deps.clock.today() },
            deps.exportBatchRows,
          ),
        );
        if (export_type === 'pdf') {
          const generatedOn = formatDdMmYyyy(deps.clock.today());
          const body = loansPdf(loans, { generatedOn });
          return sendDownload(reply, { type: 'application/pdf', fileName: 'loans_export.pdf', body });
        }
        const body = loansCsv(loans);
        return sendDownload(reply, { type: 'text/csv; charset=utf-8', fileName: 'loans_export.csv', body });
      },
    );

    app.get(
      '/api/loans/my',
      {
        schema: {
          tags: ['loans'],
          summary:
            "The caller's own loans as a plain array, newest first, each with tenure and next_emi_date (the earliest pending EMI from today on)",
          response: { 200: ZMyLoansResponse, 401: ZErrorResponse },
        },
        config: { access: { scope: 'self' } },
      },
      async (request) => queries.mine(currentUser(request)),
    );

    app.get(
      '/api/loans/my/:id',
      {
        schema: {
          tags: ['loans'],
          summary: "One of the caller's own loans with its EMIs: {loan, emis}; other loans answer 404",
          params: ZLoanIdParam,
          response: { 200: ZMyLoanDetail, 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse },
        },
        config: { access: { scope: 'self' } },
      },
      async (request) => queries.mineOne(currentUser(request), request.params.id),
    );

    app.get(
      '/api/loans/:id',
      {
        schema: {
          tags: ['loans'],
          summary: 'One loan with its EMIs in order; loans outside the caller’s scope answer 404',
          params: ZLoanIdParam,
          response: { 200: ZLoanDetail, ...withNotFound },
        },
        config: { access: STAFF },
      },
      async (request) => queries.get(currentUser(request), request.params.id),
    );

    app.get(
      '/api/loans/:id/upi',
      {
        schema: {
          tags: ['loans'],
          summary:
            'The loan’s UPI payment link for what is owed now (upi://pay with the lender’s UPI id, the amount and the loan code as reference): {upi} or {upi: null}',
          description:
            'Null without UPI_VPA, for a closed or defaulted loan, or when nothing is owed. Borrowers: their own loans; agents: their book; loans outside the caller’s scope 404.',
          params: ZLoanIdParam,
          response: { 200: ZLoanUpiResponse, ...withNotFound },
        },
        config: { access: { scope: 'owned' } },
      },
      async (request) => loanUpiPayment(deps, currentUser(request), request.params.id),
    );

    app.get(
      '/api/loans/:id/foreclosure',
      {
        schema: {
          tags: ['loans'],
          summary:
            'Foreclosure details: before a foreclosure what it would settle now (open EMIs; totalPendingAmount is the suggested amount), after one what it settled and the foreclosure_* fields',
          params: ZLoanIdParam,
          response: { 200: ZForeclosureDetails, ...withNotFound },
        },
        config: { access: STAFF },
      },
      async (request) => foreclosure.details(currentUser(request), request.params.id),
    );
  };
