/**
 * The raw SQL time of a call: the bench builds the app in its own process on the same PostgreSQL,
 * records every statement one request runs (at the `pg` driver, so nothing is missed), then runs
 * each read statement again on its own connection and times it. The HTTP figure divided by this one
 * shows what the API adds on top of the database.
 */
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { createDeps } from '../apps/server/src/create-deps';
import { openPostgres } from '../apps/server/src/db/client';
import { createClock } from '../apps/server/src/platform/clock';

export type Statement = { text: string; values: unknown[] };
const recorded: Statement[] = [];
let recording = false;

// Every query of the app goes through pg.Client#query (the pool's too).
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function recordQuery(this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  if (recording) {
    if (typeof first === 'string')
      recorded.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      recorded.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
    }
  }
  return (originalQuery as (...rest: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/** The statements `work` runs through the `pg` driver, in order. */
export const recordStatements = async (work: () => Promise<unknown>): Promise<Statement[]> => {
  recorded.length = 0;
  recording = true;
  try {
    await work();
  } finally {
    recording = false;
  }
  return [...recorded];
};

/** Runs a statement on `client` without recording it. */
export const runAlone = (client: pg.Client, text: string, values: unknown[] = []) =>
  (originalQuery as (...rest: unknown[]) => Promise<pg.QueryResult>).call(client, text, values);

export const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The app built in this process on `databaseUrl`, and a connection of its own for re-running statements. */
export const openBenchApp = async (databaseUrl: string) => {
  const database = openPostgres(databaseUrl);
  const deps = await createDeps({
    db: database.db,
    clock: createClock(),
    dataDir: '/tmp/lending-bench-sql',
    log: pino({ level: 'silent' }),
    tokenTtlHours: 168,
    sessionIdleHours: 12,
    publicUrl: 'http://127.0.0.1:3000',
  });
  const app = await buildApp({ deps });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    app,
    client,
    close: async () => {
      await client.end();
      await app.close();
      await database.close();
    },
  };
};

/** An in-process app on `databaseUrl` whose requests' SQL can be timed on its own. */
export const openSqlTimer = async (databaseUrl: string) => {
  const { app, client, close } = await openBenchApp(databaseUrl);

  /** The summed median time (ms) of the read statements one GET runs, and how many there were. */
  const timeRequest = async (url: string, headers: Record<string, string>, runs = 5) => {
    let answer = { statusCode: 0, body: '' };
    const statements = await recordStatements(async () => {
      answer = await app.inject({ method: 'GET', url, headers });
    });
    if (answer.statusCode >= 400)
      throw new Error(`${url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    const reads = statements.filter((statement) => /^\s*(select|with)\b/i.test(statement.text));
    let total = 0;
    for (const statement of reads) {
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        await runAlone(client, statement.text, statement.values);
        samples.push(performance.now() - started);
      }
      total += median(samples);
    }
    return { ms: total, statements: reads.length };
  };

  return { timeRequest, close };
};
