/**
 * `DATABASE_URL=… npx tsx bench/call-sql.ts <url> [--agent] [--explain]`
 *
 * What one GET costs: every statement it runs (recorded at the `pg` driver), each re-run alone (median
 * of 5), with `--explain` its EXPLAIN (ANALYZE, BUFFERS); then the answer's size and the in-process
 * time of the whole request (median of 20). Signs in as the superadmin, or `--agent` as the first agent.
 */
import { parseArgs } from 'node:util';
import { median, openBenchApp, recordStatements, runAlone } from './load-sql';

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

const { app, client, close } = await openBenchApp(databaseUrl);
const agentEmail = async () =>
  (
    await runAlone(
      client,
      `select email from users where email like 'agent%@bench.example.com' order by id limit 1`,
    )
  ).rows[0]?.email as string;
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: args.agent
    ? { email: await agentEmail(), password: 'bench1234' }
    : { email: 'admin@example.com', password: 'admin123' },
});
const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };

await app.inject({ method: 'GET', url, headers });
let answer = { statusCode: 0, body: '' };
const statements = await recordStatements(async () => {
  answer = await app.inject({ method: 'GET', url, headers });
});
console.log(`${url}: ${answer.statusCode}, ${answer.body.length} bytes, ${statements.length} statements`);
let total = 0;
for (const statement of statements) {
  const samples: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await runAlone(client, statement.text, statement.values);
    samples.push(performance.now() - started);
  }
  total += median(samples);
  console.log(`\n--- ${median(samples).toFixed(2)} ms: ${statement.text.replace(/\s+/g, ' ').slice(0, 600)}`);
  console.log(`    values: ${JSON.stringify(statement.values).slice(0, 300)}`);
  if (args.explain && /^\s*(select|with)\b/i.test(statement.text)) {
    const plan = await runAlone(client, `explain (analyze, buffers) ${statement.text}`, statement.values);
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
await close();
