import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

type Schema = typeof schema;
/** The one database type every repository takes: the same on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository works inside or outside a transaction. */
export type Executor = Db | Tx;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  /**
   * Waits for the start-up lock and answers its release. Processes starting together on one
   * PostgreSQL migrate and seed one after the other, never side by side (two would race on the
   * migrations table and on the first superadmin). PGlite has one process: nothing to wait for.
   */
  lockStartup: () => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /**
   * The driver underneath, for a client that speaks SQL by itself (the job queue, pg-boss):
   * PostgreSQL's URL (it opens a small pool of its own) or the one PGlite instance (shared).
   */
  driver: { kind: 'postgres'; url: string } | { kind: 'pglite'; pglite: PGlite };
};

/** The start-up lock's key (an advisory lock is a pair of 32-bit numbers): 'lending' 'start'. */
const STARTUP_LOCK = [0x6c656e64, 0x73746172] as const;

/** PostgreSQL through `pg`; int8 values are parsed as numbers by the columns that declare so. */
export const openPostgres = (url: string): Database => {
  // A connection that cannot be had within the timeout fails the call (answered 503) instead of
  // queueing it for ever while PostgreSQL is down.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 15_000 });
  // An idle connection dropped by the server (a restart, a cut network) is reported here; the pool
  // discards it and opens a new one on the next call. Unhandled, the event would end the process.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`, { code: 'DATABASE_CONNECTION_LOST' });
  });
  // A connection checked out by a transaction between two of its statements has no query to fail
  // and the pool listens only to idle ones: its socket's error would end the process. The next
  // statement on it fails instead (answered 503), and the pool drops it on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      process.emitWarning(`PostgreSQL connection lost in use: ${error.message}`, {
        code: 'DATABASE_CONNECTION_LOST',
      });
    });
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    lockStartup: async () => {
      // A session-level lock on a connection of its own: held across the migrations' and the seeding's
      // transactions on other connections, and freed by PostgreSQL if this process dies holding it.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1, $2)', [...STARTUP_LOCK]);
      } catch (error) {
        holder.release();
        throw error;
      }
      return async () => {
        try {
          await holder.query('select pg_advisory_unlock($1, $2)', [...STARTUP_LOCK]);
        } finally {
          holder.release();
        }
      };
    },
    close: () => pool.end(),
    driver: { kind: 'postgres', url },
  };
};

/** Embedded PostgreSQL (PGlite), persisted in `dataDir`, or in memory when `dataDir` is undefined. */
export const openPglite = async (
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database> => {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // pg_trgm backs the lists' substring search (trigram indexes), as it does on PostgreSQL.
  // relaxedDurability stays off (its default, said here so nobody turns it on): a query resolves
  // only after its writes reached the data folder, so a killed process keeps every answered payment.
  const client = await PGlite.create({
    dataDir: options.dataDir,
    relaxedDurability: false,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const drizzleDb = drizzlePglite(client, { schema });
  return {
    db: drizzleDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzleDb, { migrationsFolder: MIGRATIONS_DIR }),
    lockStartup: async () => async () => {},
    close: () => client.close(),
    driver: { kind: 'pglite', pglite: client },
  };
};

/** The database the configuration names: PostgreSQL with a URL, otherwise PGlite under DATA_DIR. */
export const openDatabase = async (config: { databaseUrl?: string; dataDir: string }): Promise<Database> =>
  config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite({ dataDir: path.join(config.dataDir, 'db') });
