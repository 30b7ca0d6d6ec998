import {
  ZHolidayDateParam,
  ZHolidayDeclared,
  ZHolidayPreview,
  ZHolidayRequest,
  ZHolidaysQuery,
  ZHolidaysResponse,
  ZHolidayToday,
  ZMessageResponse,
  ZNationalHolidaysResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createHolidays } from './service';

const tags = ['holidays'];
/** The holiday list is the lender's calendar: admins (and superadmins) keep it. */
const admins = { access: { roles: ['admin'] as const } };

const MOVES =
  'A holiday reaches loans made from a product (a loan without one is collected every calendar day) that are not closed or defaulted and collect on that day: each pending instalment on or after it moves to the collection day its number now falls on (the schedule from that day on moves back one collection day); paid, part-paid and bounced instalments stay; no money moves.';

/** The collection calendar's holiday list: list, national preset, preview, declare, remove, today. */
export const holidayRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const holidays = createHolidays(deps);

    app.get(
      '/api/holidays',
      {
        schema: {
          tags,
          summary: "One year's holidays in date order (year absent: this year), with what each moved",
          querystring: ZHolidaysQuery,
          response: { 200: ZHolidaysResponse, ...errorResponses(400, 401, 403) },
        },
        config: admins,
      },
      async (request) => holidays.list(request.query.year),
    );

    app.get(
      '/api/holidays/national',
      {
        schema: {
          tags,
          summary:
            "India's national holidays of the year and the next (Republic Day, Independence Day, Gandhi Jayanti), each marked when already declared: the preset an admin confirms",
          querystring: ZHolidaysQuery,
          response: { 200: ZNationalHolidaysResponse, ...errorResponses(400, 401, 403) },
        },
        config: admins,
      },
      async (request) => holidays.national(request.query.year),
    );

    app.get(
      '/api/holidays/today',
      {
        schema: {
          tags,
          summary:
            "Whether today's business day is a holiday: {date, holiday: {name} | null} (the agent's dashboard)",
          response: { 200: ZHolidayToday, ...errorResponses(401, 403) },
        },
        config: { access: { roles: ['admin', 'agent'] as const } },
      },
      async () => holidays.today(),
    );

    app.post(
      '/api/holidays/preview',
      {
        schema: {
          tags,
          summary: 'What declaring the day a holiday would move, without moving it: {loans, emis, sample}',
          description: `${MOVES} Today or a later day only (HOLIDAY_IN_PAST); a day already declared: HOLIDAY_EXISTS.`,
          body: ZHolidayRequest,
          response: { 200: ZHolidayPreview, ...errorResponses(400, 401, 403, 409) },
        },
        config: admins,
      },
      async (request) => holidays.preview(request.body),
    );

    app.post(
      '/api/holidays',
      {
        schema: {
          tags,
          summary:
            "Declares a holiday and moves the instalments it reaches, in one transaction: {message: 'Holiday declared', holiday}",
          description: `${MOVES} Every move is recorded (holiday_moves) and audited (holiday_declared). Today or a later day only (HOLIDAY_IN_PAST); a day already declared: HOLIDAY_EXISTS.`,
          body: ZHolidayRequest,
          response: { 201: ZHolidayDeclared, ...errorResponses(400, 401, 403, 409) },
        },
        config: admins,
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await holidays.declare(currentUser(request).id, request.body, actorOf(request))),
    );

    app.delete(
      '/api/holidays/:date',
      {
        schema: {
          tags,
          summary: "Removes a holiday that no schedule skips: {message: 'Holiday removed'}",
          description:
            'A holiday that moved instalments, or that a loan made since skips, stays (HOLIDAY_MOVED_EMIS): its moves are history.',
          params: ZHolidayDateParam,
          response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: admins,
      },
      async (request) => holidays.remove(request.params.date, actorOf(request)),
    );
  };
