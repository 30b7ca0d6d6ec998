import { createClock } from '@lending/domain';
import pino from 'pino';
import { buildApp } from './app';
import type { Db } from './db/client';
import type { RouteAccess } from './platform/access';
import type { AppDeps } from './platform/deps';
import { createUrlSigner } from './platform/storage/signed-urls';

const unused = (what: string) =>
  new Proxy(
    {},
    {
      get: () => {
        throw new Error(`the route registry does not use ${what}`);
      },
    },
  );

/**
 * Every /api route and its declared access rule, read from the app built with placeholder parts
 * (registering a route touches no database), so `npm run docs:access` needs no database.
 */
export const registeredRoutes = async (): Promise<RouteAccess[]> => {
  const deps = {
    db: unused('a database') as Db,
    clock: createClock({}),
    storage: unused('file storage'),
    apks: unused('the APK folder'),
    apkMaxBytes: 1,
    signer: createUrlSigner('route-registry'),
    mailer: unused('a mailer'),
    throttle: unused('a throttle'),
    registrationLimits: { perHour: 1, bytesPerHour: 1 },
    tokenTtlHours: 1,
    sessionIdleHours: 1,
    publicUrl: 'http://localhost',
    lenderName: 'x',
    exportBatchRows: 1,
  } as AppDeps;
  const app = await buildApp({ deps, log: pino({ level: 'silent' }) });
  await app.ready();
  const routes = [...app.routeAccess];
  await app.close();
  return routes;
};
