import {
  ZAgentOverdueQuery,
  ZAgentOverdueResponse,
  ZPayOverdueRequest,
  ZPayOverdueResponse,
  ZUpcomingQuery,
  ZUpcomingResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { postIdempotent } from '../../platform/idempotent-route';
import { sendJsonText } from '../../platform/json-text';
import { errorResponses } from '../../platform/openapi';
import { COLLECTORS } from '../emis';
import { FIELD_READERS } from './access';
import { createOverdueCollection } from './collect-service';
import { createAgentDashboard } from './dashboard-service';

const readErrors = errorResponses(400, 401, 403);
const SCOPE_NOTE =
  "Agents see only their own customers (users.agent_id = them; agentId is ignored for them); admins and superadmins see everyone, or one agent's customers with agentId. Borrowers 403.";

/** The agent dashboard: overdue and upcoming EMIs, and the collect of a loan's overdue EMIs. */
export const agentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const dashboard = createAgentDashboard(deps);
    const collection = createOverdueCollection(deps);

    app.get(
      '/api/loans/dashboard/agent',
      {
        schema: {
          tags: ['agents'],
          summary:
            'Overdue EMIs (open: pending or the current bounced one, dated before today in Asia/Kolkata) of approved loans: {results, totalCount}',
          description: `page (default 1), limit (default and at most 1000), search (customer name, mobile or loan code, any case), customerId. Rows are ordered loan by loan (overdue longest first, then loan number), each loan's EMIs oldest first; totalCount counts every matching EMI, overdueLoans the loans they belong to and totalDue (rupees) is Σ amount + late charge over them: SQL aggregates over every match, not the page. ${SCOPE_NOTE}`,
          querystring: ZAgentOverdueQuery,
          response: { 200: ZAgentOverdueResponse, ...readErrors },
        },
        config: { access: FIELD_READERS },
      },
      // The body is JSON text the database wrote (decisions.md, "The agent dashboard's page as JSON
      // text"): sent as it is, past the response serializer; overdue-contract.test.ts holds it to the schema.
      async (request, reply) =>
        sendJsonText(reply, await dashboard.overdueJson(currentUser(request), request.query)),
    );

    app.get(
      '/api/loans/dashboard/agent/upcoming',
      {
        schema: {
          tags: ['agents'],
          summary:
            'Upcoming EMIs: pending EMIs of approved loans dated today … today + days − 1 (Asia/Kolkata; days 1–31, default 3): {results}, by date',
          description: SCOPE_NOTE,
          querystring: ZUpcomingQuery,
          response: { 200: ZUpcomingResponse, ...readErrors },
        },
        config: { access: FIELD_READERS },
      },
      async (request) => dashboard.upcoming(currentUser(request), request.query),
    );

    postIdempotent(
      app,
      {
        url: '/api/emis/pay-overdue',
        tags: ['agents'],
        summary:
          'Collect Overdue Payment: pays every overdue EMI of one loan in full, oldest first, in one transaction: {message, total_collected, receipts (one per EMI)}',
        description:
          "payment_mode (default cash) applies to every EMI; late_charge_amount (≥ 0, optional) is levied once, on the oldest overdue EMI, and collected with it. Each EMI is paid exactly as POST /emi/pay pays it (ledger rows, payment record with the collector and mode, credit event, emi_paid audit). 409 when nothing is overdue, the loan is not approved, or is closed/default. Agents collect for their own customers' loans only (others 404).",
        body: ZPayOverdueRequest,
        reply: ZPayOverdueResponse,
        access: COLLECTORS,
      },
      (caller, _path, body) => collection.collect(caller, body),
    );
  };
