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
          tags: ['bounced-emis'],
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
          tags: ['bounced-emis'],
          summary:
            'The bounced EMIs the filters match (every page) as an .xlsx workbook, bounced_emis_{today}.xlsx',
          description: `${BOUNCED_FILTERS} page and limit are ignored. Read from the database in keyset batches and written row by row (exceljs' streaming writer), so any number of rows downloads in bounded memory.`,
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
