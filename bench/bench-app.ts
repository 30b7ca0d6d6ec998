import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { createDeps } from '../apps/server/src/create-deps';
import { type Db, openPglite, openPostgres } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/sql';
import { seedSystemAccounts } from '../apps/server/src/modules/users';
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
  return { app, deps, authorization: `Bearer ${login.json().token}` };
};

/**
 * A bench's own database, migrated, with the seeded superadmin: a fresh PGlite in memory, or the
 * PostgreSQL database of DATABASE_URL (an empty one of your own, never `test`).
 */
export const openBenchDatabase = async () => {
  const database = process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : await openPglite();
  await database.migrate();
  await seedSystemAccounts(database.db, BENCH_ADMIN);
  const [admin] = rowsOf<{ id: number }>(
    await database.db.execute(sql`select id from users order by id limit 1`),
  );
  return { database, db: database.db, adminId: admin?.id ?? 0 };
};
