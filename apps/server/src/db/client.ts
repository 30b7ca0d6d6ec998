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
  close: () => Promise<void>;
};

/** PostgreSQL through `pg`; int8 values are parsed as numbers by the columns that declare so. */
export const openPostgres = (url: string): Database => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
};

/** Embedded PostgreSQL (PGlite), persisted in `dataDir`, or in memory when `dataDir` is undefined. */
export const openPglite = async (
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<Database> => {
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  // pg_trgm backs the substring searches' indexes; PGlite loads an extension only when asked to here.
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const drizzleDb = drizzlePglite(client, { schema });
  return {
    db: drizzleDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzleDb, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    // Exposed for the test template (dumpDataDir); not part of the Database contract.
    ...{ pglite: client },
  };
};

/** The database the configuration names: PostgreSQL with a URL, otherwise PGlite under DATA_DIR. */
export const openDatabase = async (config: { databaseUrl?: string; dataDir: string }): Promise<Database> =>
  config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite({ dataDir: path.join(config.dataDir, 'db') });
