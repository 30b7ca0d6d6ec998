import {
  ZCollectionToMatchPage,
  ZCollectionToMatchQuery,
  ZDismissCollectionRequest,
  ZIdParam,
  ZMatchCollectionRequest,
  ZMessageResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Access, actorOf, currentUser } from '../../../platform/access';
import type { AppDeps } from '../../../platform/deps';
import { postIdempotent } from '../../../platform/idempotent-route';
import { errorResponses } from '../../../platform/openapi';
import { createCollectionsToMatch } from './to-match-service';

/**
 * Who works the "to match" list: admins and superadmins only (matching pays money to a loan, so it
 * takes the EMI writers' permission; agents and borrowers are refused whatever they hold).
 */
export const TO_MATCH_READERS: Access = { roles: ['admin'], permission: ['emis', 'read'] };
/** Who matches or dismisses a row waiting: admins and superadmins. */
export const TO_MATCH_RESOLVERS: Access = { roles: ['admin'], permission: ['emis', 'update'] };

/** The imported collections waiting to be matched to a loan by hand: the list, match, dismiss. */
export const collectionsToMatchRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const toMatch = createCollectionsToMatch(deps);

    app.get(
      '/api/imports/to-match',
      {
        schema: {
          tags: ['imports'],
          summary:
            'Imported collections no loan could be found for, oldest first (admins): page, pageSize (default 50, at most 200) → {collections, total, totalPages, page, totalAmount}. totalAmount: Σ amount (rupees) of the whole list.',
          querystring: ZCollectionToMatchQuery,
          response: { 200: ZCollectionToMatchPage, ...errorResponses(400, 401, 403) },
        },
        config: { access: TO_MATCH_READERS },
      },
      async (request) => toMatch.list(request.query),
    );

    postIdempotent(
      app,
      {
        url: '/api/imports/to-match/:id/match',
        tags: ['imports'],
        summary:
          "Pay an imported collection to a loan (admins): {loan_id}. As an imported row is paid: the oldest EMIs due in full, the rest as the loan's credit held, the collector the row named (else the admin) holding the cash, on today's business day. Answers {message}.",
        description:
          "404 for an unknown collection or loan; 409 IMPORT_COLLECTION_RESOLVED when it was already matched or dismissed, the loan's refusal (LOAN_NOT_APPROVED, LOAN_TERMINAL) when it is not running, CASH_DAY_CLOSED when the cash day of whoever holds the cash is closed (the agent the row named, else the admin matching it).",
        params: ZIdParam,
        body: ZMatchCollectionRequest,
        reply: ZMessageResponse,
        access: TO_MATCH_RESOLVERS,
      },
      (caller, path, body) => toMatch.match(caller, path.id, body),
    );

    app.post(
      '/api/imports/to-match/:id/dismiss',
      {
        schema: {
          tags: ['imports'],
          summary:
            "Dismiss an imported collection (admins): {reason}. The money was not the lender's (a refund, a wrong credit); nothing is paid. Answers {message}.",
          params: ZIdParam,
          body: ZDismissCollectionRequest,
          response: { 200: ZMessageResponse, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: { access: TO_MATCH_RESOLVERS },
      },
      async (request) =>
        toMatch.dismiss(currentUser(request), actorOf(request), request.params.id, request.body),
    );
  };
