import {
  ZBouncedEmiStats,
  ZBouncedEmisQuery,
  ZBouncedEmisResponse,
  ZCreditScoreQuery,
  ZCreditScoreResponse,
  ZReportsQuery,
  ZReportsResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { BOUNCED_READERS, REPORT_READERS } from './access';
import { createBouncedEmis } from './bounced-service';
import { createCreditReports } from './credit-service';

const errors = errorResponses(400, 401, 403);

const BOUNCED_FILTERS =
  "search (customer name or mobile, loan code or number), agentId (who recorded the latest bounce), dateFrom/dateTo (YYYY-MM-DD, the latest bounce's date in Asia/Kolkata, both included; dateTo before dateFrom: 400 'Date To cannot be before Date From'). Superadmin only.";

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Bounced EMIs Management and the Credit Report. */
export const reportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const bounced = createBouncedEmis(deps);
    const credit = createCreditReports(deps);

    app.get(
      '/api/loans/bounced-emis',
      {
        schema: {
          tags: ['reports'],
          summary:
            'Bounced EMIs (every EMI that bounced: status bounced while its dues are owed, then recovered, waived by a clear or written_off by a foreclosure), latest bounce first, 20 a page: {emis, total, totalPages}',
          description: BOUNCED_FILTERS,
          querystring: ZBouncedEmisQuery,
          response: { 200: ZBouncedEmisResponse, ...errors },
        },
        config: { access: BOUNCED_READERS },
      },
      async (request) => bounced.list(request.query),
    );

    app.get(
      '/api/loans/bounced-emis/stats',
      {
        schema: {
          tags: ['reports'],
          summary:
            "Bounced EMIs cards over every EMI the filters match (the list's filters; page and limit ignored): totalBounced, pendingRecovery (records still bounced), recovered, waived, writtenOff, totalAmount (Σ their EMI amounts, rupees). Superadmin only.",
          description: BOUNCED_FILTERS,
          querystring: ZBouncedEmisQuery,
          response: { 200: ZBouncedEmiStats, ...errors },
        },
        config: { access: BOUNCED_READERS },
      },
      async (request) => bounced.stats(request.query),
    );

    app.get(
      '/api/emi/bounced/export',
      {
        schema: {
          tags: ['reports'],
          summary:
            'The bounced EMIs the filters match (every page) as an .xlsx workbook, bounced_emis_{today}.xlsx',
          description: `${BOUNCED_FILTERS} page and limit are ignored.`,
          querystring: ZBouncedEmisQuery,
          produces: [XLSX_TYPE],
          response: { 200: z.unknown().describe('the workbook'), ...errors },
        },
        config: { access: BOUNCED_READERS },
      },
      async (request, reply) => {
        const { fileName, body } = await bounced.xlsx(request.query);
        return reply
          .type(XLSX_TYPE)
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(body);
      },
    );

    app.get(
      '/api/reports',
      {
        schema: {
          tags: ['reports'],
          summary: 'Credit events, 10 a page: {success: true, data: {reports, totalPages, total}}',
          description:
            'search (customer name, loan code or event type, any case), sort_by (created_at, customer_name, event_type, amount; default created_at), sort_direction (default desc), customer_id. Needs reports:read; an agent holding it sees only their own customers.',
          querystring: ZReportsQuery,
          response: { 200: ZReportsResponse, ...errors },
        },
        config: { access: REPORT_READERS },
      },
      async (request) => credit.list(currentUser(request), request.query),
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
