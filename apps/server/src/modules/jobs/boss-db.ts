import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client';

type SqlResult = { rows: unknown[] };

/** The connection pg-boss runs its SQL through (its `db` option), and how to let go of it. */
export type BossDb = {
  executeSql: (text: string, values?: unknown[]) => Promise<SqlResult>;
  /** Waits for the statements in flight, then closes what this opened (PGlite's instance is shared). */
  close: () => Promise<void>;
};

/** Connections of pg-boss's own pool on PostgreSQL: the workers' fetches and completions are short. */
const POOL_SIZE = 4;

/**
 * pg-boss's multi-statement scripts (creating its schema, migrating it, maintenance) come wrapped in
 * `BEGIN; … COMMIT;`. Their body, or null for a single statement.
 */
export const scriptBody = (text: string): string | null => {
  const match = /^\s*BEGIN\s*;([\s\S]*?)\bCOMMIT\s*;?\s*$/i.exec(text);
  return match ? (match[1] ?? '') : null;
};

/**
 * PGlite has one connection: a script that failed between its own BEGIN and COMMIT would leave it
 * in an aborted transaction, refusing every later statement of the whole server. So the script's
 * body runs inside PGlite's `transaction()`, which rolls back on any error and keeps the connection
 * clean; single statements run as they are (parameters through the extended protocol).
 */
const pgliteSql =
  (pglite: PGlite) =>
  async (text: string, values?: unknown[]): Promise<SqlResult> => {
    const body = scriptBody(text);
    if (body !== null) {
      await pglite.transaction(async (tx) => {
        await tx.exec(body);
      });
      return { rows: [] };
    }
    return pglite.query(text, values ?? []);
  };

/**
 * A small pool of pg-boss's own on PostgreSQL. A script sent without parameters runs as one simple
 * query; when one of its statements fails, the pool discards that connection (`release(error)`),
 * so PostgreSQL rolls the open transaction back and no later caller inherits it.
 */
const postgresSql = (url: string, log: FastifyBaseLogger) => {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: 15_000 });
  pool.on('error', (error) => log.warn({ err: error }, 'job queue: idle PostgreSQL connection lost'));
  pool.on('connect', (client) => {
    client.on('error', (error) => log.warn({ err: error }, 'job queue: PostgreSQL connection lost in use'));
  });
  return {
    executeSql: async (text: string, values?: unknown[]): Promise<SqlResult> =>
      values === undefined ? pool.query(text) : pool.query(text, values),
    end: () => pool.end(),
  };
};

/** The connection pg-boss gets for `database`: the shared PGlite, or a pool of its own on PostgreSQL. */
export const openBossDb = (database: Database, log: FastifyBaseLogger): BossDb => {
  const engine =
    database.driver.kind === 'pglite'
      ? { executeSql: pgliteSql(database.driver.pglite), end: async () => {} }
      : postgresSql(database.driver.url, log);
  const inFlight = new Set<Promise<unknown>>();
  return {
    executeSql: (text, values) => {
      const call = engine.executeSql(text, values);
      inFlight.add(call);
      const forget = () => inFlight.delete(call);
      call.then(forget, forget);
      return call;
    },
    close: async () => {
      // pg-boss does not wait for a maintenance pass it started before stopping; the database closes next.
      await Promise.allSettled([...inFlight]);
      await engine.end();
    },
  };
};
