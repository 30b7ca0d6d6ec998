import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { userReadRoutes } from './read-routes';
import { userWriteRoutes } from './write-routes';

/** Users management: reading in read-routes.ts, changes in write-routes.ts. */
export const userRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(userReadRoutes(deps));
    await app.register(userWriteRoutes(deps));
  };
