import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { emiChargeRoutes } from './charge-routes';
import { emiCreditRoutes } from './credit-routes';
import { emiMoneyRoutes } from './money-routes';
import { emiReadRoutes } from './read-routes';

/**
 * EMIs: payments and bounces in money-routes.ts, waivers and payment-date
 * corrections in charge-routes.ts, credit held (apply, refund) in credit-routes.ts, receipts and
 * Payments Due in read-routes.ts.
 */
export const emiRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(emiMoneyRoutes(deps));
    await app.register(emiChargeRoutes(deps));
    await app.register(emiCreditRoutes(deps));
    await app.register(emiReadRoutes(deps));
  };
