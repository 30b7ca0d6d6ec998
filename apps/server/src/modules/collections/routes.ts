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
            'Agent Collections report: payments, foreclosures and refunds (paid; a refund negative) and bounces (bounced) with collector, customer, loan and amount, newest business day first; page figures, grand totals and a daily summary per collector',
          description:
            "startDate/endDate: 'YYYY-MM-DD HH:mm:ss' in Asia/Kolkata; the report selects by business day, so only their dates count, both days whole and included (end before start: 400). agentId: one collector (admins' choice; an agent always gets their own collections on their own customers). search: customer name or mobile, loan code, collector name. Amounts in rupees, read from the ledger's cash rows by their own business date and collector: a payment's or a foreclosure's cash received (record_type 'foreclosure' with emi_number null), a refund of credit held as a negative amount (record_type 'refund', status 'paid', emi_number null), a bounce's EMI amount. Rows written before the ledger named their business date fall on the IST day of their payment's recorded moment. Cash is never reversed: a later schedule rewrite, waiver or foreclosure changes no past day, and grandTotalPaidAmount is the net cash (collections less refunds) of the ledger over the days; credit applied is not cash and is not here. Each record carries its business_date; dailySummary groups by it (totalCollected net of refunds; emisCollected counts no refund). uniqueAgents, uniqueCustomers and filteredTotalAmount are over the page; grand* and dailySummary (per IST day × collector) over every match.",
          querystring: ZCollectionReportQuery,
          response: { 200: ZCollectionReportResponse, ...errorResponses(400, 401, 403) },
        },
        config: { access: COLLECTION_READERS },
      },
      async (request) => report.report(currentUser(request), request.query),
    );
  };
