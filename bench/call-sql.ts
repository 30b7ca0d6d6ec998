/**
 * `DATABASE_URL=… npx tsx bench/call-sql.ts <url> [--agent] [--explain]`
 *
 * What one GET costs: every statement it runs (recorded at the `pg` driver), each re-run alone (median
 * of 5), with `--explain` its EXPLAIN (ANALYZE, BUFFERS); then the answer's size and the in-process
 * time of the whole request (median of 20). Signs in as the superadmin, or `--agent` as the first agent.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { createDeps } from '../apps/server/src/create-deps';
import { openPostgres } from '../apps/server/src/db/client';
import { createClock } from '../apps/server/src/platform/clock';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { agent: { type: 'boolean' }, explain: { type: 'boolean' } },
});
const databaseUrl = process.env.DATABASE_URL;
const url = positionals[0];
if (!databaseUrl || !url) {
  console.error('usage: DATABASE_URL=… npx tsx bench/call-sql.ts <url> [--agent] [--explain]');
  process.exit(2);
}

type Statement = { text: string; values: unknown[] };
const recorded: Statement[] = [];
let recording = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function recordQuery(this: pg.Client, ...rest: unknown[]) {
  const [first, second] = rest;
  if (recording) {
    if (typeof first === 'string')
      recorded.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      recorded.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
    }
  }
  return (originalQuery as (...all: unknown[]) => unknown).apply(this, rest);
} as typeof pg.Client.prototype.query;

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;
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
const run = (text: string, values: unknown[] = []) =>
  (originalQuery as (...all: unknown[]) => Promise<pg.QueryResult>).call(client, text, values);

const email = args.agent
  ? ((await run(`select email from users where email like 'agent%@bench.example.com' order by id limit 1`))
      .rows[0]?.email as string)
  : 'admin@example.com';
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email, password: args.agent ? 'bench1234' : 'admin123' },
});
const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };

await app.inject({ method: 'GET', url, headers });
recorded.length = 0;
recording = true;
const answer = await app.inject({ method: 'GET', url, headers });
recording = false;
console.log(`${url}: ${answer.statusCode}, ${answer.body.length} bytes, ${recorded.length} statements`);
let total = 0;
for (const statement of recorded) {
  const samples: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await run(statement.text, statement.values);
    samples.push(performance.now() - started);
  }
  total += median(samples);
  console.log(`\n--- ${median(samples).toFixed(2)} ms: ${statement.text.replace(/\s+/g, ' ').slice(0, 600)}`);
  console.log(`    values: ${JSON.stringify(statement.values).slice(0, 300)}`);
  if (args.explain && /^\s*(select|with)\b/i.test(statement.text)) {
    const plan = await run(`explain (analyze, buffers) ${statement.text}`, statement.values);
    for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
  }
}
const times: number[] = [];
for (let i = 0; i < 20; i += 1) {
  const started = performance.now();
  await app.inject({ method: 'GET', url, headers });
  times.push(performance.now() - started);
}
console.log(`\nSQL total ${total.toFixed(2)} ms; in-process request median ${median(times).toFixed(1)} ms`);
await client.end();
await app.close();
await database.close();
