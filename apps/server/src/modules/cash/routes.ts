import {
  formatDdMmYyyy,
  type TCashListQuery,
  ZCashListQuery,
  ZCashPositionsResponse,
  ZDayClose,
  ZDayCloseListResponse,
  ZDayCloseRequest,
  ZDayCloseResponse,
  ZHandoverListResponse,
  ZHandoverRequest,
  ZHandoverResponse,
  ZIdParam,
  ZMyCashPositionResponse,
  ZPhoneSyncReport,
  ZPhoneSyncResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Access, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { postIdempotent } from '../../platform/idempotent-route';
import { errorResponses } from '../../platform/openapi';
import { sendDownload } from '../../platform/streams';
import { dayCloseRows, dayClosesCsv, dayClosesPdf } from './export';
import { reportPhoneSync } from './phone-service';
import { createCash } from './service';

/** Cash custody is the office's: admins and superadmins. */
const ADMINS: Access = { roles: ['admin'] };
/** Anyone who collects sees their own cash in hand. */
const COLLECTORS: Access = { roles: ['agent', 'admin'] };
/** Only a field agent's own phone reports its queue. */
const FIELD_AGENTS: Access = { roles: ['agent'] };

const tags = ['cash'];
const LIST =
  'collector_id (one collector), from/to (business days YYYY-MM-DD, both included); newest business day first, 20 a page.';
const POSITION =
  "in_hand = cash collected (mode cash) − cash refunds paid − Σ handed over by the books, to the paisa, read from the ledger's per-day cash totals; oldest_held_date: the oldest business day whose cash is still held, first in first out; age_days since it; overdue when held more than one day. collected_today by payment mode (every mode; only cash is held).";

/** Cash in hand, handovers and day closes (docs/cash.md). */
export const cashRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const cash = createCash(deps);

    /** A paged admin list of the cash custody, filtered by collector and business days. */
    const adminList = (
      url: string,
      summary: string,
      response: typeof ZHandoverListResponse | typeof ZDayCloseListResponse,
      list: (
        query: TCashListQuery,
      ) => Promise<z.infer<typeof ZHandoverListResponse> | z.infer<typeof ZDayCloseListResponse>>,
    ) =>
      app.get(
        url,
        {
          schema: {
            tags,
            summary,
            description: LIST,
            querystring: ZCashListQuery,
            response: { 200: response, ...errorResponses(400, 401, 403) },
          },
          config: { access: ADMINS },
        },
        async (request) => list(request.query),
      );

    app.get(
      '/api/cash/positions',
      {
        schema: {
          tags,
          summary: "Cash in Hand: every collector's position on today's business day, most cash first",
          description: `Every active agent and everyone else who ever held cash. ${POSITION}`,
          response: { 200: ZCashPositionsResponse, ...errorResponses(401, 403) },
        },
        config: { access: ADMINS },
      },
      async () => cash.positions(),
    );

    app.get(
      '/api/cash/positions/me',
      {
        schema: {
          tags,
          summary: "The caller's own cash in hand (agents, admins)",
          description: POSITION,
          response: { 200: ZMyCashPositionResponse, ...errorResponses(401, 403) },
        },
        config: { access: COLLECTORS },
      },
      async (request) => cash.mine(currentUser(request)),
    );

    postIdempotent(
      app,
      {
        url: '/api/cash/handovers',
        tags,
        summary:
          'Record a handover: the collector hands `amount` (by the books) to the caller, who counted `received_amount` (default `amount`)',
        description:
          "Audited (cash_handover). amount > 0 and at most the collector's cash in hand (409 CASH_HANDOVER_EXCEEDS_HELD); difference = received_amount − amount (shortfall negative, excess positive) needs a reason (400 CASH_DIFFERENCE_NEEDS_REASON). The caller cannot receive their own cash (409 CASH_HANDOVER_TO_SELF); a collector whose day is closed hands over the next day (409 CASH_DAY_CLOSED). Unknown collector or not one who collects: 404 COLLECTOR_NOT_FOUND.",
        body: ZHandoverRequest,
        reply: ZHandoverResponse,
        access: ADMINS,
      },
      (caller, _params, body) => cash.handover(caller, body),
    );

    adminList(
      '/api/cash/handovers',
      'Handovers with collector, receiver, amount, received, difference and reason',
      ZHandoverListResponse,
      cash.handovers,
    );

    app.put(
      '/api/cash/phone-sync',
      {
        schema: {
          tags,
          summary:
            "A field agent's phone reports its offline queue (agents, their own only): {pending_count, last_synced_at}",
          description:
            'Sent whenever the phone is online (app start, each sync round). Stored per agent and shown beside their cash in hand (GET /cash/positions `phone`); the last sync never moves back. Not money: no ledger or audit row. 400 VALIDATION_FAILED for a count outside 0..10000 or a last_synced_at in the future.',
          body: ZPhoneSyncReport,
          response: { 200: ZPhoneSyncResponse, ...errorResponses(400, 401, 403) },
        },
        config: { access: FIELD_AGENTS },
      },
      async (request) => reportPhoneSync(deps, currentUser(request), request.body),
    );

    postIdempotent(
      app,
      {
        url: '/api/cash/day-closes',
        tags,
        summary: "Close a collector's business day (today unless business_date is given) and fix its figures",
        description:
          'Audited (cash_day_closed). Fixes opening in hand, collected by mode, cash refunded, handed over, received, difference and carried in hand. After it no payment, refund or handover is recorded by that collector on that day (409 CASH_DAY_CLOSED). A day after today: 400 CASH_DAY_IN_FUTURE; a closed day again: 409 CASH_DAY_ALREADY_CLOSED.',
        body: ZDayCloseRequest,
        reply: ZDayCloseResponse,
        access: ADMINS,
      },
      (caller, _params, body) => cash.close(caller, body),
    );

    adminList(
      '/api/cash/day-closes',
      'The day-close report: closed days with their fixed figures',
      ZDayCloseListResponse,
      cash.dayCloses,
    );

    for (const format of ['csv', 'pdf'] as const) {
      app.get(
        `/api/cash/day-closes/export/${format}`,
        {
          schema: {
            tags,
            summary: `The day-close report as ${format.toUpperCase()}: every closed day the filters match, not a page`,
            description: `${LIST} page and limit are ignored; read in keyset batches and streamed.`,
            querystring: ZCashListQuery,
            produces: [format === 'csv' ? 'text/csv' : 'application/pdf'],
            response: { 200: z.unknown().describe('the file'), ...errorResponses(400, 401, 403) },
          },
          config: { access: ADMINS },
        },
        async (request, reply) => {
          const { collector_id: collectorId, from, to } = request.query;
          const rows = dayCloseRows(deps.db, { collectorId, from, to });
          const today = deps.clock.today();
          return sendDownload(
            reply,
            format === 'csv'
              ? {
                  type: 'text/csv; charset=utf-8',
                  fileName: `day_closes_${today}.csv`,
                  body: dayClosesCsv(rows),
                }
              : {
                  type: 'application/pdf',
                  fileName: `day_closes_${today}.pdf`,
                  body: dayClosesPdf(rows, formatDdMmYyyy(today)),
                },
          );
        },
      );
    }

    app.get(
      '/api/cash/day-closes/:id',
      {
        schema: {
          tags,
          summary: 'One closed day with its fixed figures',
          params: ZIdParam,
          response: { 200: ZDayClose, ...errorResponses(400, 401, 403, 404) },
        },
        config: { access: ADMINS },
      },
      async (request) => cash.dayClose(request.params.id),
    );
  };
