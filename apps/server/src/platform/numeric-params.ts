import type { FastifyInstance } from 'fastify';

/**
 * Path parameters that name a row (`:id`, `:loanId`, `:userId`, ...) or a position (`:emiNumber`).
 * Their values are digits, so the router matches them only against digits.
 */
const NUMERIC_PARAM = /:(id|[a-z][A-Za-z0-9]*(?:Id|Number))(?=\/|$)/g;

/** `/api/loans/:id/foreclose` → `/api/loans/:id(^\d+$)/foreclose` (find-my-way's regex parameters). */
export const digitsOnlyPath = (url: string): string => url.replace(NUMERIC_PARAM, ':$1(^\\d+$)');

/**
 * Static paths win over parameter paths everywhere, including the static paths not built yet: with
 * `:id` matching any text, `GET /loans/financial-health` fell into `GET /loans/:id` and answered 400
 * "Invalid id" (and a borrower, refused by that route, a 403). Matching ids only against digits
 * makes every such path an unknown route: 404 NOT_FOUND for everyone. Digits out of the database's
 * range still reach the route and answer 400. Registered before any route, so it sees them all.
 */
export const registerNumericParams = (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    route.url = digitsOnlyPath(route.url);
    route.path = route.url;
  });
};
