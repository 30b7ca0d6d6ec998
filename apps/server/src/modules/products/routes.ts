import {
  ZIdParam,
  ZLoanProductRequest,
  ZLoanProductSaved,
  ZLoanProductsQuery,
  ZLoanProductsResponse,
  ZScheduleEndQuery,
  ZScheduleEndResponse,
} from '@lending/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { errorResponses } from '../../platform/openapi';
import { createProducts } from './service';

const tags = ['loan-products'];
/** Products are the lender's terms of business: admins (and superadmins), who also make loans. */
const admins = { access: { roles: ['admin'] as const } };

const BODY =
  'name (unique, case-insensitive), min_amount ≤ max_amount (rupees), emi_per_thousand (rupees a day per ₹1,000 lent, the EMI rounded up to the rupee; null: typed per loan), min_tenure_days ≤ max_tenure_days (1 to 3650), off_days (weekday names, at most six), bounce_charge, processing_fee (rupees), is_active (false archives it).';

/** Loan products: list, add, edit (archive), and the end date of a schedule from one. */
export const productRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const products = createProducts(deps);

    app.get(
      '/api/loan-products',
      {
        schema: {
          tags,
          summary:
            'Every loan product, active first then by name, with how many loans were made from each; active=true: only those new loans may use',
          querystring: ZLoanProductsQuery,
          response: { 200: ZLoanProductsResponse, ...errorResponses(400, 401, 403) },
        },
        config: admins,
      },
      async (request) => products.list(request.query.active === 'true'),
    );

    app.post(
      '/api/loan-products',
      {
        schema: {
          tags,
          summary: "Adds a loan product: {message: 'Loan product created', product}",
          description: BODY,
          body: ZLoanProductRequest,
          response: { 201: ZLoanProductSaved, ...errorResponses(400, 401, 403, 409) },
        },
        config: admins,
      },
      async (request, reply) => reply.status(201).send(await products.create(request.body, actorOf(request))),
    );

    app.put(
      '/api/loan-products/:id',
      {
        schema: {
          tags,
          summary: "Edits a loan product: {message: 'Loan product updated', product}",
          description: `${BODY} Loans already made keep the terms they were made with.`,
          params: ZIdParam,
          body: ZLoanProductRequest,
          response: { 200: ZLoanProductSaved, ...errorResponses(400, 401, 403, 404, 409) },
        },
        config: admins,
      },
      async (request) => products.update(request.params.id, request.body, actorOf(request)),
    );

    app.get(
      '/api/loan-products/:id/schedule-end',
      {
        schema: {
          tags,
          summary:
            "The last EMI's date of a loan from the product: the total_emi_days-th collection day from start_date, skipping its weekly off-days (with loan_id, a loan of this product being edited: the off-days that loan copied) and the holidays declared: {end_date}",
          params: ZIdParam,
          querystring: ZScheduleEndQuery,
          response: { 200: ZScheduleEndResponse, ...errorResponses(400, 401, 403, 404) },
        },
        config: admins,
      },
      async (request) =>
        products.scheduleEnd(
          request.params.id,
          request.query.start_date,
          request.query.total_emi_days,
          request.query.loan_id,
        ),
    );
  };
