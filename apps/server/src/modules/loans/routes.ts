import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { loanReadRoutes } from './read-routes';
import { loanWriteRoutes } from './write-routes';

/** Loans: reading and exports in read-routes.ts, changes in write-routes.ts. */
export const loanRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(loanReadRoutes(deps));
    await app.register(loanWriteRoutes(deps));
  };
