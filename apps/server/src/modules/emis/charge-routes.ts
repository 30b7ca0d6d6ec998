import {
  ZClearAllChargesRequest,
  ZClearChargesRequest,
  ZClearChargesResponse,
  ZEmiIdParam,
  ZErrorResponse,
  ZLoanIdParam,
  ZUpdatePaymentDateRequest,
  ZUpdatePaymentDateResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { idempotencyClaimOf, sendAnswer } from '../../platform/idempotency';
import { EMI_ADMINS } from './access';
import { createChargeClearing } from './charges-service';
import { IDEMPOTENCY_NOTE, moneyErrors } from './money-routes';
import { createPaymentDates } from './payment-date-service';

const dateErrors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

const PAYMENT_DATE_SUMMARY =
  "Change the payment date of a paid or partial EMI (admins): loanId, emiKey (the EMI's id, or its emi_number), payment_date (YYYY-MM-DD, not in the future). 409 on closed or default loans. The payment's credit event becomes on time or late by the new date. Answers {message: 'Payment date updated successfully', emi}.";

/** Waivers and payment-date corrections (admins): docs/api.md. */
export const emiChargeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const clearing = createChargeClearing(deps);
    const dates = createPaymentDates(deps);

    app.post(
      '/api/loans/:id/clear-charges',
      {
        schema: {
          tags: ['emis'],
          summary:
            "Clear all late charges of an approved loan (admins): amount must equal the latest late charge (the highest-numbered open EMI's with one; a settled EMI's charge is history), else 400 'Please enter the exact latest late charge amount to clear all charges.'; every open EMI's late charge is waived in the ledger. Answers {message, cleared, emis}.",
          description: `409 when nothing is outstanding or the loan is not approved. ${IDEMPOTENCY_NOTE}`,
          params: ZLoanIdParam,
          body: ZClearAllChargesRequest,
          response: { 200: ZClearChargesResponse, ...moneyErrors },
        },
        config: { access: EMI_ADMINS },
      },
      async (request, reply) => {
        const answer = await clearing.clearAll(
          {
            actor: currentUser(request),
            audit: actorOf(request),
            loanId: request.params.id,
            claim: idempotencyClaimOf(request, request.body),
          },
          request.body,
        );
        return sendAnswer(reply, answer);
      },
    );

    app.post(
      '/api/loans/emi/:emiId/clear-charges',
      {
        schema: {
          tags: ['emis'],
          summary:
            "Clear part or all of one open EMI's late charge (admins): 0 < amount ≤ its late charge; charges are waived before carried-in instalment money. Answers {message, cleared, emis: [that EMI]}.",
          description: `409 for a settled EMI or a loan that is not approved. ${IDEMPOTENCY_NOTE}`,
          params: ZEmiIdParam,
          body: ZClearChargesRequest,
          response: { 200: ZClearChargesResponse, ...moneyErrors },
        },
        config: { access: EMI_ADMINS },
      },
      async (request, reply) => {
        const answer = await clearing.clearEmi(
          {
            actor: currentUser(request),
            audit: actorOf(request),
            claim: idempotencyClaimOf(request, request.body),
          },
          request.params.emiId,
          request.body,
        );
        return sendAnswer(reply, answer);
      },
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
