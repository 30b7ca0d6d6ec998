import {
  ZCreditScoreQuery,
  ZCreditScoreResponse,
  ZReportsExportQuery,
  ZReportsQuery,
  ZReportsResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { sendDownload } from '../../platform/streams';
import { REPORT_READERS } from './access';
import { createCreditReports } from './credit-service';

const errors = errorResponses(400, 401, 403);

/** The Credit Report: credit events and a customer's credit score. */
export const reportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const credit = createCreditReports(deps);

    app.get(
      '/api/reports',
      {
        schema: {
          tags: ['reports'],
          summary: 'Credit events, 10 a page: {success: true, data: {reports, totalPages, total, counts}}',
          description:
            'search (customer name, loan code or event type, any case), sort_by (created_at, customer_name, event_type, amount; default created_at), sort_direction (default desc), customer_id. counts {paidOnTime, paidLate, bounced} are the events of each kind over every match (SQL, not the page): the stat cards. Needs reports:read; an agent holding it sees only their own customers.',
          querystring: ZReportsQuery,
          response: { 200: ZReportsResponse, ...errors },
        },
        config: { access: REPORT_READERS },
      },
      async (request) => credit.list(currentUser(request), request.query),
    );

    app.get(
      '/api/reports/export',
      {
        schema: {
          tags: ['reports'],
          summary:
            'The credit events as CSV (UTF-8 with a BOM), named credit_report_{today}.csv: every event the search matches, not a page',
          description:
            "search and customer_id as the list (page, limit and sort are ignored); newest first. Columns: Date (IST, DD-MM-YYYY hh:mm AM), Customer, Loan Code, EMI #, Event, Amount (rupees), Bounce Reason, Bounce Date. Read from the database in keyset batches and written as they come, so any number of rows downloads in bounded memory. Needs reports:read; an agent holding it exports only their own customers' events.",
          querystring: ZReportsExportQuery,
          produces: ['text/csv'],
          response: { 200: z.unknown().describe('the file'), ...errors },
        },
        config: { access: REPORT_READERS },
      },
      async (request, reply) => {
        const { fileName, body } = await credit.csv(currentUser(request), request.query);
        return sendDownload(reply, { type: 'text/csv; charset=utf-8', fileName, body });
      },
    );

    app.get(
      '/api/reports/score',
      {
        schema: {
          tags: ['reports'],
          summary:
            "A customer's credit score: starts at 850, deductions for the bounce rate, the late-payment rate and bounces in the last 30 days, a bonus for the payment history, clamped to 300–850, with its band and inputs",
          description:
            'bounceRate = bounces ÷ (paid + bounced events), latePaymentRate = late ÷ paid events, paymentHistoryRate = paid events ÷ EMIs due so far (dated on or before today on approved, closed or default loans), as percentages. Needs reports:read; customers outside the reader’s scope (an agent: not their customer) answer 404.',
          querystring: ZCreditScoreQuery,
          response: { 200: ZCreditScoreResponse, ...errors, ...errorResponses(404) },
        },
        config: { access: REPORT_READERS },
      },
      async (request) => credit.score(currentUser(request), request.query.customer_id),
    );
  };
