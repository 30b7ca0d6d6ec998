import {
  ZClearAllChargesRequest,
  ZClearChargesRequest,
  ZClearChargesResponse,
  ZEmiIdParam,
  ZLoanIdParam,
  ZUpdatePaymentDateRequest,
  ZUpdatePaymentDateResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { postIdempotent } from '../../platform/idempotent-route';
import { errorResponses } from '../../platform/openapi';
import { EMI_ADMINS } from './access';
import { createChargeClearing } from './charges-service';
import { createPaymentDates } from './payment-date-service';

const dateErrors = errorResponses(400, 401, 403, 404, 409);

const PAYMENT_DATE_SUMMARY =
  "Change the payment date of a paid or partial EMI (admins): loanId, emiKey (the EMI's id, or its emi_number), payment_date (YYYY-MM-DD, not in the future). 409 on closed or default loans. The payment's credit event becomes on time or late by the new date. Answers {message: 'Payment date updated successfully', emi}.";

/** Waivers and payment-date corrections (admins): docs/api.md. */
export const emiChargeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const clearing = createChargeClearing(deps);
    const dates = createPaymentDates(deps);

    postIdempotent(
      app,
      {
        url: '/api/loans/:id/clear-charges',
        tags: ['emis'],
        summary:
          "Clear all late charges of an approved loan (admins): amount must equal the latest late charge (the highest-numbered EMI's with one), else 400 'Please enter the exact latest late charge amount to clear all charges.'; every open EMI's late charge is waived in the ledger. Answers {message, cleared, emis}.",
        description: '409 when nothing is outstanding or the loan is not approved.',
        params: ZLoanIdParam,
        body: ZClearAllChargesRequest,
        reply: ZClearChargesResponse,
        access: EMI_ADMINS,
      },
      (caller, path, body) => clearing.clearAll({ ...caller, loanId: path.id }, body),
    );

    postIdempotent(
      app,
      {
        url: '/api/loans/emi/:emiId/clear-charges',
        tags: ['emis'],
        summary:
          "Clear part or all of one open EMI's late charge (admins): 0 < amount ≤ its late charge; charges are waived before carried-in instalment money. Answers {message, cleared, emis: [that EMI]}.",
        description: '409 for a settled EMI or a loan that is not approved.',
        params: ZEmiIdParam,
        body: ZClearChargesRequest,
        reply: ZClearChargesResponse,
        access: EMI_ADMINS,
      },
      (caller, path, body) => clearing.clearEmi(caller, path.emiId, body),
    );

    app.get(
      '/api/loans/update-payment-date',
      {
        schema: {
          tags: ['emis'],
          summary: PAYMENT_DATE_SUMMARY,
          querystring: ZUpdatePaymentDateRequest,
          response: { 200: ZUpdatePaymentDateResponse, ...dateErrors },
        },
        config: { access: EMI_ADMINS },
      },
      async (request) => dates.update(currentUser(request), actorOf(request), request.query),
    );

    app.post(
      '/api/loans/update-payment-date',
      {
        schema: {
          tags: ['emis'],
          summary: PAYMENT_DATE_SUMMARY,
          body: ZUpdatePaymentDateRequest,
          response: { 200: ZUpdatePaymentDateResponse, ...dateErrors },
        },
        config: { access: EMI_ADMINS },
      },
      async (request) => dates.update(currentUser(request), actorOf(request), request.body),
    );
  };
