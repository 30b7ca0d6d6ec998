import { ZBouncedEmiStats, ZBouncedEmisQuery, ZBouncedEmisResponse } from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { sendDownload } from '../../platform/streams';
import { createBouncedEmis } from './bounced-service';

/** Bounced EMIs Management is the superadmin's alone. */
const BOUNCED_READERS: Access = { roles: ['superadmin'] };

const errors = errorResponses(400, 401, 403);

const BOUNCED_FILTERS =
  "search (customer name or mobile, loan code or number), agentId (who recorded the latest bounce), dateFrom/dateTo (YYYY-MM-DD, the latest bounce's date in Asia/Kolkata, both included; dateTo before dateFrom: 400 'Date To cannot be before Date From'). Superadmin only.";

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Bounced EMIs Management: the list, its cards and its .xlsx export. */
export const bouncedEmiRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const bounced = createBouncedEmis(deps);

    app.get(
      '/api/loans/bounced-emis',
      {
        schema: {
          tags: ['bounced-emis'],
          summary:
            'Bounced EMIs (every EMI that bounced: status bounced until its dues are collected, then recovered), latest bounce first, 20 a page: {emis, total, totalPages}',
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
          tags: ['bounced-emis'],
          summary:
            'Bounced EMIs cards over every EMI that bounced: totalBounced, pendingRecovery (still bounced), recovered, totalAmount (Σ their EMI amounts, rupees). Superadmin only.',
          response: { 200: ZBouncedEmiStats, ...errors },
        },
        config: { access: BOUNCED_READERS },
      },
      async () => bounced.stats(),
    );

    app.get(
      '/api/emi/bounced/export',
      {
        schema: {
          tags: ['bounced-emis'],
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
        return sendDownload(reply, { type: XLSX_TYPE, fileName, body });
      },
    );
  };
