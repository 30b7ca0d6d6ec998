import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { createDeps } from '../apps/server/src/create-deps';
import type { Db } from '../apps/server/src/db/client';
import { createClock } from '../apps/server/src/platform/clock';

/** The seeded superadmin the benches sign in as (`seedSystemAccounts`). */
export const BENCH_ADMIN = { email: 'admin@example.com', password: 'admin123' };

/**
 * The whole API in this process over `db`, logging nothing (a log line per call would be part of
 * what is measured), and the bearer authorization of BENCH_ADMIN signed in.
 */
export const benchApp = async (db: Db) => {
  const deps = await createDeps({
    db,
    clock: createClock(),
    dataDir: '/tmp/lending-bench',
    log: pino({ level: 'silent' }),
    tokenTtlHours: 168,
    sessionIdleHours: 12,
    publicUrl: 'http://127.0.0.1:3000',
  });
  const app = await buildApp({ deps });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: BENCH_ADMIN });
  return { app, authorization: `Bearer ${login.json().token}` };
};
