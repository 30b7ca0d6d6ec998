import {
  ZBounceEmiRequest,
  ZBounceEmiResponse,
  ZEmiPathParams,
  ZErrorResponse,
  ZPayEmiRequest,
  ZPayEmiResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { idempotencyClaimOf, sendAnswer } from '../../platform/idempotency';
import { COLLECTORS } from './access';
import { createEmiBounces } from './bounce-service';
import { createEmiPayments } from './pay-service';

export const moneyErrors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

export const IDEMPOTENCY_NOTE =
  'Accepts an Idempotency-Key header: a repeat with the same key and body answers the first answer again (Idempotent-Replayed: true) and moves nothing; the same key with another body is 422; a repeat while the first still runs is 409.';

/** Collecting: POST /emi/pay and /emi/bounce, admins and agents for their own customers. */
export const emiMoneyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const payments = createEmiPayments(deps);
    const bounces = createEmiBounces(deps);

    app.post(
      '/api/emi/pay/:loanId/:emiNumber',
      {
        schema: {
          tags: ['emis'],
          summary:
            "Pay an EMI of an approved loan: full (amount + late charges), emi_only (amount; charges carried to the next open EMI) or partial (0 < payment_amount ≤ amount; the remaining and its 10% charge carried). Answers {message, receipt}: 'EMI n fully paid.' or 'Partial payment of ₹x received. Remaining balance: ₹y.'",
          description: `payment_mode one of cash, upi, bank_transfer, cheque, card, other (default cash); payment_type default full. late_charge_amount (≥ 0) is a charge levied at collection: booked on the EMI, then collected (full) or carried (emi_only, partial). For full and emi_only a payment_amount, when sent, must equal what is collected (400 otherwise). An earlier current bounced EMI's dues roll into the paid EMI first. 409 when the loan is not approved or is closed/default, the EMI is already paid, a bounced EMI is not the current one, partial on a bounced EMI, or a carry has no later open EMI. The loan closes itself when nothing is left open. ${IDEMPOTENCY_NOTE}`,
          params: ZEmiPathParams,
          body: ZPayEmiRequest,
          response: { 200: ZPayEmiResponse, ...moneyErrors },
        },
        config: { access: COLLECTORS },
      },
      async (request, reply) => {
        const answer = await payments.pay(
          {
            actor: currentUser(request),
            audit: actorOf(request),
            claim: idempotencyClaimOf(request, request.body),
          },
          request.params,
          request.body,
        );
        return sendAnswer(reply, answer);
      },
    );

    app.post(
      '/api/emi/bounce/:loanId/:emiNumber',
      {
        schema: {
          tags: ['emis'],
          summary:
            "Mark an EMI bounced with a charge (late_charges ≥ 0, default 0) and a reason (default 'Payment failed'). Answers {message: 'EMI n marked as bounced', emi}.",
          description: `An earlier current bounced EMI rolls its dues into this one (which becomes current); a skipped EMI bounced before the current one rolls into it. emi_amount is informational. 409 as for payments. ${IDEMPOTENCY_NOTE}`,
          params: ZEmiPathParams,
          body: ZBounceEmiRequest,
          response: { 200: ZBounceEmiResponse, ...moneyErrors },
        },
        config: { access: COLLECTORS },
      },
      async (request, reply) => {
        const answer = await bounces.bounce(
          {
            actor: currentUser(request),
            audit: actorOf(request),
            claim: idempotencyClaimOf(request, request.body),
          },
          request.params,
          request.body,
        );
        return sendAnswer(reply, answer);
      },
    );
  };
