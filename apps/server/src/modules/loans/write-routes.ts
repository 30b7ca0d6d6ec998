import {
  loanMessages,
  ZCreateLoanRequest,
  ZErrorResponse,
  ZForecloseRequest,
  ZLoanIdParam,
  ZLoanSaved,
  ZMessageResponse,
  ZUpdateLoanRequest,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, currentUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { idempotencyClaimOf, sendAnswer } from '../../platform/idempotency';
import { errorResponses } from '../../platform/openapi';
import { createLoanCreation } from './create-service';
import { createLoanForeclosure } from './foreclosure-service';
import { readLoanForm } from './form';
import { createLoanUpdating } from './update-service';

const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = { ...errors, ...errorResponses(413, 415) };

const FORM_DESCRIPTION =
  'multipart/form-data (or JSON without the image): customer_id, loan_amount, per_day_emi (rupees, at most 2 decimals), total_emi_days (1 to 3650), start_date (YYYY-MM-DD), loan_reason, payment_method (at most 100 characters), received_by_image (an image up to 2 MB), product_id (optional: a loan product; the loan must fit its amount and tenure ranges and EMI rule, PRODUCT_*, and copies its terms). end_date is derived: the last EMI’s date (start_date + total_emi_days − 1, or with a product the total_emi_days-th collection day, skipping its weekly off-days and the holidays declared); an edit that names no product keeps the loan’s; per_day_emi × total_emi_days must be at least loan_amount.';

export const loanWriteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const creation = createLoanCreation(deps);
    const updating = createLoanUpdating(deps);
    const foreclosure = createLoanForeclosure(deps);

    app.post(
      '/api/loans',
      {
        schema: {
          tags: ['loans'],
          summary:
            'Create a loan (admins) with its whole schedule: status pending_acceptance, EMI n due on start_date + n − 1 (with a product: its n-th collection day)',
          description: FORM_DESCRIPTION,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: ZLoanSaved, ...uploadErrors },
        },
        config: { access: { roles: ['admin'], permission: ['loans', 'create'] } },
      },
      async (request, reply) => {
        const { input, image } = await readLoanForm(request, ZCreateLoanRequest);
        const loan = await creation.create(currentUser(request), input, image, actorOf(request));
        return reply.status(201).send({ message: loanMessages.created, loan, schedule_reset: false });
      },
    );

    app.put(
      '/api/loans/:id',
      {
        schema: {
          tags: ['loans'],
          summary:
            'Edit a loan (admins), including its status. Changing amount, EMI, tenure or start date rewrites the schedule: all EMIs pending again, earlier money reversed in the ledger, late charges and credit events cleared (schedule_reset: true). Closed and default loans answer 409.',
          description: `${FORM_DESCRIPTION} Also status (not closed or default: those come from foreclosure) and remove_received_by_image=1 to drop the stored image.`,
          consumes: ['multipart/form-data', 'application/json'],
          params: ZLoanIdParam,
          response: { 200: ZLoanSaved, ...uploadErrors },
        },
        config: { access: { roles: ['admin'], permission: ['loans', 'update'] } },
      },
      async (request) => {
        const { input, image } = await readLoanForm(request, ZUpdateLoanRequest);
        const saved = await updating.update(
          currentUser(request),
          request.params.id,
          input,
          image,
          actorOf(request),
        );
        return { message: saved.message, loan: saved.loan, schedule_reset: saved.scheduleReset };
      },
    );

    app.post(
      '/api/loans/:id/foreclose',
      {
        schema: {
          tags: ['loans'],
          summary:
            'Foreclose an approved loan (admins): full collects the total pending and closes; full_and_final an agreed settlement_amount up to 1.5 × pending and closes; settlement up to the pending amount and defaults. Accepts an Idempotency-Key header.',
          params: ZLoanIdParam,
          body: ZForecloseRequest,
          response: { 200: ZMessageResponse, ...errors, 422: ZErrorResponse },
        },
        config: { access: { roles: ['admin'], permission: ['loans', 'update'] } },
      },
      async (request, reply) => {
        const caller = {
          actor: currentUser(request),
          audit: actorOf(request),
          claim: idempotencyClaimOf(request, request.body),
        };
        const answer = await foreclosure.foreclose(caller, request.params.id, request.body);
        return sendAnswer(reply, answer);
      },
    );
  };
