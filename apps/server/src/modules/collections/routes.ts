import { ZCollectionReportQuery, ZCollectionReportResponse } from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createCollectionReport } from './collection-service';

/** Agents read their own collections on their own customers; admins and superadmins everyone's. */
const COLLECTION_READERS: Access = { roles: ['agent', 'admin'], permission: ['emis', 'read'] };

/** The Agent Collections report. */
export const collectionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const report = createCollectionReport(deps);

    app.get(
      '/api/loans/agent/collection-report',
      {
        schema: {
          tags: ['collections'],
          summary:
            'Agent Collections report: payments and foreclosures (paid) and bounces (bounced) with collector, customer, loan and amount, newest first; page figures, grand totals and a daily summary per collector',
          description:
            "startDate/endDate: 'YYYY-MM-DD HH:mm:ss' in Asia/Kolkata, both included (end before start: 400). agentId: one collector (admins' choice; an agent always gets their own collections on their own customers). search: customer name or mobile, loan code, collector name. Amounts in rupees: a payment's or a foreclosure's cash received (read from the ledger's collected rows; record_type 'foreclosure' with emi_number null for a foreclosure), a bounce's EMI amount. Cash is never reversed: a later schedule rewrite, waiver or foreclosure changes no past day, and grandTotalPaidAmount equals the ledger's collected rows over the range; credit applied is not cash and is not here. dailySummary groups by each row's business date. uniqueAgents, uniqueCustomers and filteredTotalAmount (what was collected) are over the page; grand* and dailySummary (per IST day × collector) over every match.",
          querystring: ZCollectionReportQuery,
          response: { 200: ZCollectionReportResponse, ...errorResponses(400, 401, 403) },
        },
        config: { access: COLLECTION_READERS },
      },
      async (request) => report.report(currentUser(request), request.query),
    );
  };
