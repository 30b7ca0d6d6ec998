import { ZCollectionExportQuery, ZCollectionReportQuery, ZCollectionReportResponse } from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { sendDownload } from '../../platform/streams';
import { createCollectionReport } from './collection-service';

/** Agents read their own collections on their own customers; admins and superadmins everyone's. */
const COLLECTION_READERS: Access = {
  roles: ['agent', 'admin'],
  permission: ['emis', 'read'],
  scope: 'owned',
};

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
            "startDate/endDate: 'YYYY-MM-DD HH:mm:ss' in Asia/Kolkata; the report selects by business day, so only their dates count, both days whole and included (end before start: 400). agentId: one collector (admins' choice; an agent always gets their own collections on their own customers). search: customer name or mobile, loan code, collector name. Amounts in rupees, read from the ledger's cash rows by their own business date and collector: a payment's or a foreclosure's cash received (record_type 'foreclosure' with emi_number null), a refund of credit held as a negative amount (record_type 'refund', status 'paid', emi_number null), cash a collector took that could not be applied and was kept as credit held (record_type 'credit_held', emi_number null), a bounce's EMI amount. Rows written before the ledger named their business date fall on the IST day of their payment's recorded moment. Cash is never reversed: a later schedule rewrite, waiver or foreclosure changes no past day, and grandTotalPaidAmount is the net cash (collections less refunds) of the ledger over the days; credit applied is not cash and is not here. Each record carries its business_date; dailySummary groups by it (totalCollected net of refunds; emisCollected counts no refund nor cash held as credit). uniqueAgents, uniqueCustomers and filteredTotalAmount are over the page; grand* and dailySummary (per IST day × collector) are SQL aggregates over every match. GET /loans/agent/collection-report/export downloads every match as CSV.",
          querystring: ZCollectionReportQuery,
          response: { 200: ZCollectionReportResponse, ...errorResponses(400, 401, 403) },
        },
        config: { access: COLLECTION_READERS },
      },
      async (request) => report.report(currentUser(request), request.query),
    );

    app.get(
      '/api/loans/agent/collection-report/export',
      {
        schema: {
          tags: ['collections'],
          summary:
            'The Agent Collections report as CSV (UTF-8 with a BOM), named agent_collections_{today}.csv: every record the filters match, not a page',
          description:
            "The report's filters (search, startDate, endDate, agentId; page and limit are ignored) and its scope: an agent exports only their own collections on their own customers. Columns: Date (IST, DD-MM-YYYY hh:mm AM), Agent, Agent Mobile, Customer, Customer Mobile, Loan Code, Loan #, EMI # (or Foreclosure, Refund), Payment Mode, Status (Paid, Bounced, Refunded), Amount (rupees; a refund negative). Newest business day first, as the report. Read from the database in keyset batches and written as they come, so any number of rows downloads in bounded memory.",
          querystring: ZCollectionExportQuery,
          produces: ['text/csv'],
          response: { 200: z.unknown().describe('the file'), ...errorResponses(400, 401, 403) },
        },
        config: { access: COLLECTION_READERS },
      },
      async (request, reply) => {
        const { fileName, body } = await report.csv(currentUser(request), request.query);
        return sendDownload(reply, { type: 'text/csv; charset=utf-8', fileName, body });
      },
    );
  };
