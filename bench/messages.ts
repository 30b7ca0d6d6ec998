/**
 * Borrower messages at a lender's size (docs/messages.md), on a fresh PostgreSQL database:
 *
 * 1. The day-end close's reminders: `queueDayEndMessages` in a transaction of its own for a day whose
 *    day + 2 has one pending instalment per loan (every borrower on SMS), then the same close again
 *    (the outbox's key writes nothing twice); then the next night with half the borrowers on SMS and
 *    WhatsApp, the first night's rows already in the table, and again. Seconds and rows written, and
 *    the statement's EXPLAIN ANALYZE (for a day not yet written, and the re-run).
 * 2. Delivery: the local provider stand-in (apps/server/test/support/message-gateway.ts) in this
 *    process as Gupshup and WhatsApp Cloud, the reminder's DLT template id and WhatsApp name saved
 *    through the templates API, then 1 and 2 deliverers, each a child process of its own (this file
 *    run with `--deliverer-child`: its own deps, pool and `startDeliverer`), for `--seconds` at each
 *    of `--rates`: messages per second the gateway received on each channel against the configured
 *    rate (target 0.9–1.05 ×), with each deliverer's send and statement times. Reminders leave only
 *    from 08:00 to 19:00 India time: outside it this part is skipped.
 * 3. What a receipt costs a payment: POST /emi/pay in-process (bench-app.ts's app, `--clients`
 *    concurrent, each loan's agent paying its EMI of today, agents in turn as `npm run bench` pays),
 *    in rounds alternating borrowers with `message_channels = '{}'` (no receipt) and `'{sms}'` (a
 *    receipt row in the payment's statement): p50/p95/p99 of each, the difference (target: p95 grows
 *    ≤ 1 ms), and the payment statement's own time with and without its receipt CTE.
 *
 * The book is written straight into the tables, triggers off, as bench/holiday.ts writes its own:
 * agents and borrowers through the portfolio seed's helpers, `--loans` approved daily loans of
 * `--tenure` instalments, started up to a tenure ago, every instalment before today paid, none
 * ending before today + 4 (so no payment here closes its loan).
 *
 * Without DATABASE_URL the bench makes its own database (`createdb` on PGHOST, default 127.0.0.1,
 * user postgres) and drops it at the end; with DATABASE_URL it migrates that one (an empty database
 * of your own, never `test`) and leaves it. Sizes: flags, or MESSAGES_* variables (flags win).
 *
 *   npm run bench:messages
 *   MESSAGES_LOANS=5000 MESSAGES_CUSTOMERS=2500 MESSAGES_SECONDS=8 MESSAGES_PAY_SECONDS=5 npm run bench:messages
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { addDays, defaultMessageText, istDateOf, maySendAt, type TMessageChannel } from '@lending/domain';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { createDeps } from '../apps/server/src/create-deps';
import { openPostgres } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/sql';
import {
  queueDayEndMessages,
  receiptOutboxInsert,
  startDeliverer,
} from '../apps/server/src/modules/messages';
import { findRoleByName } from '../apps/server/src/modules/roles';
import { insertUsers } from '../apps/server/src/modules/users';
import { createClock } from '../apps/server/src/platform/clock';
import { readMessageProviderSettings } from '../apps/server/src/platform/messaging';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { startMessageGateway } from '../apps/server/test/support/message-gateway';
import { benchApp, openBenchDatabase } from './bench-app';
import { recordStatements, runAlone, type Statement } from './load-sql';
import { insertBulkCustomers } from './seed-people';

const env = process.env;
const { values: args } = parseArgs({
  options: {
    loans: { type: 'string', default: env.MESSAGES_LOANS ?? '100000' },
    customers: { type: 'string', default: env.MESSAGES_CUSTOMERS ?? '50000' },
    agents: { type: 'string', default: env.MESSAGES_AGENTS ?? '20' },
    tenure: { type: 'string', default: env.MESSAGES_TENURE ?? '100' },
    seconds: { type: 'string', default: env.MESSAGES_SECONDS ?? '25' },
    rates: { type: 'string', default: env.MESSAGES_RATES ?? '200,50' },
    'pay-seconds': { type: 'string', default: env.MESSAGES_PAY_SECONDS ?? '20' },
    'pay-rounds': { type: 'string', default: env.MESSAGES_PAY_ROUNDS ?? '3' },
    clients: { type: 'string', default: env.MESSAGES_CLIENTS ?? '10' },
    /** Internal: run as one deliverer process of part 2 (see `runDelivererChild`). */
    'deliverer-child': { type: 'boolean', default: false },
  },
});
const LOANS = Number(args.loans);
const CUSTOMERS = Math.min(Number(args.customers), LOANS);
const AGENTS = Number(args.agents);
const TENURE = Number(args.tenure);
const DELIVERY_SECONDS = Number(args.seconds);
const RATES = args.rates.split(',').map(Number);
const PAY_SECONDS = Number(args['pay-seconds']);
const PAY_ROUNDS = Number(args['pay-rounds']);
const CLIENTS = Number(args.clients);
if (
  ![LOANS, CUSTOMERS, AGENTS, DELIVERY_SECONDS, PAY_SECONDS, PAY_ROUNDS, CLIENTS, ...RATES].every(
    (n) => Number.isInteger(n) && n > 0,
  ) ||
  !Number.isInteger(TENURE) ||
  TENURE < 10
) {
  console.error(
    'usage: bench:messages -- [--loans N] [--customers C] [--agents A] [--tenure T ≥ 10] [--seconds S] [--rates 200,50] [--pay-seconds S] [--pay-rounds R] [--clients K]',
  );
  process.exit(2);
}

const began = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - began) / 1000).toFixed(1)} s] ${line}`);
const secondsOf = (ms: number) => (ms / 1000).toFixed(2);
const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
const mean = (samples: readonly number[]) =>
  samples.length === 0 ? Number.NaN : samples.reduce((sum, x) => sum + x, 0) / samples.length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silent = pino({ level: 'silent' });

/**
 * The statements this bench looks into, timed at the `pg` driver (from the call to its answer, so a
 * lock wait counts) while `statementTimes.on`: a payment's one INSERT, and a deliverer's claim (the
 * pacing row's lock, then the UPDATE … SKIP LOCKED), its template read and its mark of a sent message.
 */
const STATEMENTS: [label: string, test: (text: string) => boolean][] = [
  ['payment INSERT', (text) => text.includes('payment as (')],
  ['pacing row lock', (text) => text.includes('from message_channel_pacing') && text.includes('for update')],
  ['claim UPDATE', (text) => text.includes('for update skip locked')],
  ['templates read', (text) => text.includes('from "message_templates"')],
  ['mark sent UPDATE', (text) => text.includes("set status = 'sent'")],
];
const statementTimes = { on: false, ms: new Map<string, number[]>() };
const driverQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function timedQuery(this: pg.Client, ...rest: unknown[]) {
  const [config] = rest;
  const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
  const label = statementTimes.on && text ? STATEMENTS.find(([, test]) => test(text))?.[0] : undefined;
  const started = performance.now();
  const record = () => {
    if (!label) return;
    const samples = statementTimes.ms.get(label) ?? [];
    samples.push(performance.now() - started);
    statementTimes.ms.set(label, samples);
  };
  // The pool's own queries pass a callback (and get no promise back); a transaction's await one.
  const callback = rest.at(-1);
  if (label && typeof callback === 'function')
    rest[rest.length - 1] = (...results: unknown[]) => {
      record();
      return (callback as (...all: unknown[]) => unknown)(...results);
    };
  const answer = (driverQuery as (...all: unknown[]) => unknown).apply(this, rest);
  if (label && answer instanceof Promise) answer.then(record, () => undefined);
  return answer;
} as typeof pg.Client.prototype.query;
const takeStatementTimes = () => {
  const taken = Object.fromEntries(statementTimes.ms);
  statementTimes.ms = new Map();
  return taken as Record<string, number[]>;
};

/** The gateway as both providers, at `rate` messages per second per channel. */
const providers = (urls: { sms: string; whatsapp: string }, rate: number) =>
  readMessageProviderSettings({
    SMS_PROVIDER: 'gupshup',
    SMS_API_URL: urls.sms,
    SMS_USER_ID: '2000123456',
    SMS_PASSWORD: 'bench',
    SMS_SENDER_HEADER: 'LENDCO',
    SMS_DLT_ENTITY_ID: '1101000000000012345',
    WHATSAPP_API_URL: urls.whatsapp,
    WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
    WHATSAPP_TOKEN: 'bench-token',
    MESSAGES_RATE_PER_SECOND: String(rate),
  });

/** What a deliverer process reports when stopped: each send's ms per channel, and its statements'. */
type DelivererReport = { sends: Record<string, number[]>; statements: Record<string, number[]> };

/**
 * One deliverer process of part 2, as a server process runs it: deps of its own on DATABASE_URL with
 * the gateway (MESSAGES_SMS_URL, MESSAGES_WHATSAPP_URL) at MESSAGES_CHILD_RATE, `startDeliverer`
 * with its default pause; "ready" once started, its report as one JSON line after SIGTERM.
 */
const runDelivererChild = async () => {
  const own = openPostgres(env.DATABASE_URL as string);
  const deps = await createDeps({
    db: own.db,
    clock: createClock(),
    dataDir: '/tmp/lending-bench-messages',
    log: silent,
    tokenTtlHours: 168,
    sessionIdleHours: 12,
    publicUrl: 'http://127.0.0.1:3000',
    messageProviders: providers(
      { sms: env.MESSAGES_SMS_URL as string, whatsapp: env.MESSAGES_WHATSAPP_URL as string },
      Number(env.MESSAGES_CHILD_RATE),
    ),
    env: 'production',
  });
  const sends: Record<string, number[]> = { sms: [], whatsapp: [] };
  for (const channel of ['sms', 'whatsapp'] as const) {
    const transport = deps.messaging.transports[channel];
    deps.messaging.transports[channel] = {
      ...transport,
      send: async (message) => {
        const started = performance.now();
        try {
          return await transport.send(message);
        } finally {
          sends[channel]?.push(performance.now() - started);
        }
      },
    };
  }
  const stopped = new Promise((resolve) => process.once('SIGTERM', resolve));
  statementTimes.on = true;
  const deliverer = startDeliverer(deps, silent);
  console.log('ready');
  await stopped;
  await deliverer.stop();
  await own.close();
  const report: DelivererReport = { sends, statements: takeStatementTimes() };
  // Stdout to a pipe is written asynchronously: exit only once the whole report has left.
  await new Promise<void>((resolve) => process.stdout.write(`${JSON.stringify(report)}\n`, () => resolve()));
};
if (args['deliverer-child']) {
  await runDelivererChild();
  process.exit(0);
}

// The database: one of our own, made here and dropped at the end, unless DATABASE_URL names one.
const host = env.PGHOST ?? '127.0.0.1';
const port = env.PGPORT ?? '5432';
const user = env.PGUSER ?? 'postgres';
const pgServer = ['-h', host, '-p', port, '-U', user];
const ownDatabase = env.DATABASE_URL ? null : `lending_messages_bench_${process.pid}`;
if (ownDatabase) {
  execFileSync('createdb', [...pgServer, ownDatabase]);
  env.DATABASE_URL = `postgres://${user}@${host}:${port}/${ownDatabase}`;
}
const databaseUrl = env.DATABASE_URL as string;

/** The summary: what was measured, the figure, its target and whether it is met (null: no target). */
const summary: { what: string; figure: string; target: string; met: boolean | null }[] = [];
const loadAtStart = os.loadavg();

const { database, db, adminId } = await openBenchDatabase();
const first = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0] as T;
const TODAY = istDateOf(new Date());
const closers: (() => Promise<unknown>)[] = [];

try {
  // ---------------------------------------------------------------------------------------------
  // The book.
  const seedStarted = performance.now();
  const passwordHash = await hashPassword('bench1234');
  const agentRole = (await findRoleByName(db, 'agent'))?.id ?? 0;
  const userRole = (await findRoleByName(db, 'user'))?.id ?? 0;
  // The portfolio seed's agents (bench/seed.ts), in one statement.
  const agents = await insertUsers(
    db,
    Array.from({ length: AGENTS }, (_, index) => ({
      name: `Field Agent ${String(index + 1).padStart(2, '0')}`,
      email: `agent${index + 1}@bench.example.com`,
      mobile: `98${String(10_000_001 + index).padStart(8, '0')}`,
      passwordHash,
      roleId: agentRole,
    })),
  );
  const customers = await insertBulkCustomers(db, {
    count: CUSTOMERS,
    agentIds: agents.map((agent) => agent.id),
    roleId: userRole,
    passwordHash,
    today: TODAY,
    earliest: addDays(TODAY, -400),
  });
  const EMI = 10_000;
  await db.transaction(async (tx) => {
    // Seeding only: the kept figures' triggers would count rows no measurement here reads.
    await tx.execute(sql`set local session_replication_role = replica`);
    // Loan g started (g % (tenure − 4)) days ago: every stage of a loan, each still running on today + 3.
    await tx.execute(sql`insert into loans (loan_number, loan_code, customer_id, created_by, loan_amount,
        per_day_emi, total_emi_days, total_repayable, interest_amount, start_date, end_date, status, off_days,
        agent_id, oldest_open_emi_date)
      select g, 'LN' || lpad(g::text, 6, '0'), u.id, ${adminId}, ${(EMI * TENURE * 4) / 5}, ${EMI}, ${TENURE},
        ${EMI * TENURE}, ${EMI * TENURE} / 5, s.start, s.start + ${TENURE - 1}::int, 'approved', 0,
        u.agent_id, ${TODAY}::date
      from generate_series(1, ${LOANS}) g
      cross join lateral (select ${TODAY}::date - (g % ${TENURE - 4}) as start) s
      join users u on u.id = ${customers.firstId} + (g % ${CUSTOMERS})`);
    await tx.execute(sql`insert into emis (loan_id, emi_number, emi_date, amount, status, payment_type,
        payment_date, paid_at)
      select l.id, n, d, ${EMI}, case when d < ${TODAY}::date then 'paid' else 'pending' end,
        case when d < ${TODAY}::date then 'full' end, case when d < ${TODAY}::date then d end,
        case when d < ${TODAY}::date then d + time '10:00' end
      from loans l cross join lateral generate_series(1, ${TENURE}) n
        cross join lateral (select l.start_date + (n - 1) as d) e`);
  });
  await db.execute(sql`vacuum analyze`);
  const book = await first<{ emis: number; due: number }>(sql`select count(*)::int as emis,
      count(*) filter (where emi_date = ${addDays(TODAY, 2)}::date and status = 'pending')::int as due
    from emis`);
  const seedMs = performance.now() - seedStarted;
  log(
    `seeded ${LOANS} loans of ${CUSTOMERS} borrowers and ${AGENTS} agents, ${book.emis} EMIs ` +
      `(${book.due} pending on ${addDays(TODAY, 2)}) in ${secondsOf(seedMs)} s`,
  );

  // ---------------------------------------------------------------------------------------------
  // 1. The close's reminders, each run a transaction of its own as the close's is.
  const queue = async (label: string, day: string) => {
    const started = performance.now();
    const written = await db.transaction((tx) =>
      queueDayEndMessages(tx, { day, today: TODAY, now: new Date() }),
    );
    const ms = performance.now() - started;
    log(
      `${label}: closed day ${day}, reminders of ${addDays(day, 2)}: ${JSON.stringify(written)} in ${secondsOf(ms)} s`,
    );
    return { ...written, ms };
  };
  const smsFirst = await queue('every borrower on SMS', TODAY);
  const smsAgain = await queue('the same close again', TODAY);
  // Half the borrowers agree to WhatsApp as well (a setup step, not measured).
  await db.execute(
    sql`update users set message_channels = '{sms,whatsapp}' where role_id = ${userRole} and id % 2 = 0`,
  );
  await db.execute(sql`vacuum analyze users`);
  let bothFirst = { reminders: 0, notices: 0, ms: 0 };
  const statements = await recordStatements(async () => {
    bothFirst = await queue('next night, half the borrowers on SMS + WhatsApp', addDays(TODAY, 1));
  });
  const bothAgain = await queue('the same close again', addDays(TODAY, 1));
  const outbox = rowsOf<{ channel: string; n: number }>(
    await db.execute(sql`select channel, count(*)::int as n from messages group by 1 order by 1`),
  );
  log(`the outbox: ${outbox.map((row) => `${row.channel} ${row.n}`).join(', ')}`);

  // The reminders' statement as the close ran it: for a day nothing was written for yet (the
  // writing path), and again for the day just written (the re-run's path). Rolled back.
  const reminderStatement = statements.find((statement) => statement.text.includes("'emi_due_tomorrow:'"));
  if (reminderStatement) {
    const dueOn = addDays(TODAY, 3);
    const explain = async (label: string, statement: Statement) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await runAlone(client, 'begin');
        const plan = await runAlone(client, `explain (analyze, buffers) ${statement.text}`, statement.values);
        await runAlone(client, 'rollback');
        console.log(`\n${label}\n${plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}\n`);
      } finally {
        await client.end();
      }
    };
    await explain(`EXPLAIN ANALYZE, reminders of a day not yet written (${addDays(TODAY, 4)}):`, {
      text: reminderStatement.text,
      values: reminderStatement.values.map((value) => (value === dueOn ? addDays(TODAY, 4) : value)),
    });
    await explain(
      `EXPLAIN ANALYZE, the same close again (${dueOn}, every row already there):`,
      reminderStatement,
    );
  }
  const perThousand = (run: { reminders: number; ms: number }) =>
    run.reminders > 0 ? ` (${((run.ms / run.reminders) * 1000).toFixed(0)} ms per 1,000)` : '';
  const atScale = LOANS >= 100_000 ? '' : ` (at ${LOANS} loans, not the 100,000 of the target)`;
  summary.push(
    {
      what: `reminders queued, every borrower on SMS${atScale}`,
      figure: `${smsFirst.reminders} rows in ${secondsOf(smsFirst.ms)} s${perThousand(smsFirst)}`,
      target: '100,000 in ≤ 60 s',
      met: smsFirst.ms <= 60_000 && smsFirst.reminders === book.due,
    },
    {
      what: 'the same close run again (dedup by key)',
      figure: `${smsAgain.reminders} rows in ${secondsOf(smsAgain.ms)} s`,
      target: '0 rows',
      met: smsAgain.reminders === 0,
    },
    {
      what: 'next night, half on SMS + WhatsApp, a night already in the table',
      figure: `${bothFirst.reminders} rows in ${secondsOf(bothFirst.ms)} s${perThousand(bothFirst)}`,
      target: '≤ 60 s',
      met: bothFirst.ms <= 60_000,
    },
    {
      what: 'that close run again',
      figure: `${bothAgain.reminders} rows in ${secondsOf(bothAgain.ms)} s`,
      target: '0 rows',
      met: bothAgain.reminders === 0,
    },
  );

  // ---------------------------------------------------------------------------------------------
  // 2. Delivery to the local gateway.
  const gateway = await startMessageGateway();
  closers.push(() => gateway.close());
  const { app, authorization } = await benchApp(db);
  closers.push(() => app.close());
  const templateIds: Record<'sms' | 'whatsapp', string> = {
    sms: '1107160000000012345',
    whatsapp: 'emi_due_tomorrow_v1',
  };
  for (const channel of ['sms', 'whatsapp'] as const) {
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/message-templates/emi_due_tomorrow/${channel}/en`,
      headers: { authorization },
      payload: {
        body: defaultMessageText('emi_due_tomorrow', channel, 'en').body,
        provider_template_id: templateIds[channel],
      },
    });
    if (saved.statusCode !== 200)
      throw new Error(`saving the ${channel} template: ${saved.statusCode} ${saved.body}`);
  }
  /** A deliverer process (this file with --deliverer-child) at `rate`; its report once stopped. */
  const spawnDeliverer = (rate: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--deliverer-child'], {
      env: {
        ...env,
        MESSAGES_CHILD_RATE: String(rate),
        MESSAGES_SMS_URL: gateway.smsUrl,
        MESSAGES_WHATSAPP_URL: gateway.whatsappUrl,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    // 'close', not 'exit': the report is only whole once the child's stdout has ended too.
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('ready\n')) resolve();
      });
      exited.then((code) => reject(new Error(`a deliverer process ended before it started (exit ${code})`)));
    });
    return {
      ready,
      stop: async (): Promise<DelivererReport> => {
        child.kill('SIGTERM');
        const code = await exited;
        const last = out.trim().split('\n').pop() ?? '';
        if (code !== 0 || !last.startsWith('{'))
          throw new Error(`a deliverer process ended with ${code}: ${out}`);
        return JSON.parse(last) as DelivererReport;
      },
    };
  };
  const merged = (
    reports: DelivererReport[],
    pick: (report: DelivererReport) => Record<string, number[]>,
  ) => {
    const all = new Map<string, number[]>();
    for (const report of reports)
      for (const [label, samples] of Object.entries(pick(report)))
        all.set(label, [...(all.get(label) ?? []), ...samples]);
    return [...all].map(([label, samples]) => {
      const sorted = [...samples].sort((x, y) => x - y);
      return `${label} ${mean(sorted).toFixed(1)} / ${percentile(sorted, 0.95).toFixed(1)} ms (${sorted.length})`;
    });
  };
  const CHANNELS: TMessageChannel[] = ['sms', 'whatsapp'];
  const deliver = async (rate: number, processes: number) => {
    gateway.received.length = 0;
    const before = await first<{ failed: number }>(
      sql`select count(*) filter (where status in ('failed', 'cancelled'))::int as failed from messages`,
    );
    const deliverers = Array.from({ length: processes }, () => spawnDeliverer(rate));
    await Promise.all(deliverers.map((deliverer) => deliverer.ready));
    const startedAt = Date.now();
    await sleep(DELIVERY_SECONDS * 1000);
    const stoppedAt = Date.now();
    const reports = await Promise.all(deliverers.map((deliverer) => deliverer.stop()));
    log(
      `delivery at ${rate}/s, ${processes} deliverer process${processes > 1 ? 'es' : ''}, mean / p95 (count): ` +
        `sends ${merged(reports, (report) => report.sends).join(', ')}; ` +
        `statements ${merged(reports, (report) => report.statements).join(', ')}`,
    );
    const after = await first<{ failed: number }>(
      sql`select count(*) filter (where status in ('failed', 'cancelled'))::int as failed from messages`,
    );
    const received = gateway.received.filter((request) => request.at.getTime() <= stoppedAt);
    const duplicates = received.length - new Set(received.map((request) => request.reference)).size;
    const refused = received.filter((request) => request.providerMessageId === null).length;
    return CHANNELS.map((channel) => {
      const times = received
        .filter((request) => request.channel === channel)
        .map((request) => request.at.getTime())
        .sort((a, b) => a - b);
      const firstAt = times[0] ?? stoppedAt;
      // The steady pace: from 2 s after the first message to the stop (the first pass waits ~1 s).
      const from = firstAt + 2000;
      const steadyCount = times.filter((at) => at >= from).length;
      const steady = stoppedAt > from ? steadyCount / ((stoppedAt - from) / 1000) : Number.NaN;
      let peak = 0;
      for (let lo = 0, hi = 0; hi < times.length; hi += 1) {
        while ((times[hi] as number) - (times[lo] as number) >= 1000) lo += 1;
        peak = Math.max(peak, hi - lo + 1);
      }
      const result = {
        rate,
        processes,
        channel,
        count: times.length,
        overall: times.length / ((stoppedAt - startedAt) / 1000),
        steady,
        peak,
        firstAfterMs: times.length > 0 ? firstAt - startedAt : Number.NaN,
        duplicates,
        refused,
        failed: after.failed - before.failed,
      };
      log(
        `delivery at ${rate}/s, ${processes} deliverer${processes > 1 ? 's' : ''}, ${channel}: ${result.count} in ${DELIVERY_SECONDS} s, ` +
          `steady ${steady.toFixed(1)}/s (${(steady / rate).toFixed(3)} × rate), busiest second ${peak}, ` +
          `first after ${result.firstAfterMs} ms; duplicates ${duplicates}, refused ${refused}, failed ${result.failed}`,
      );
      return result;
    });
  };
  if (maySendAt('emi_due_tomorrow', new Date())) {
    for (const rate of RATES)
      for (const processes of [1, 2]) {
        for (const result of await deliver(rate, processes)) {
          const ratio = result.steady / rate;
          summary.push({
            what: `delivery ${result.channel}, rate ${rate}/s, ${processes} deliverer${processes > 1 ? 's' : ''}`,
            figure: `${result.steady.toFixed(1)}/s steady (${ratio.toFixed(3)} ×), busiest second ${result.peak}, ${result.count} in ${DELIVERY_SECONDS} s`,
            target: `${(rate * 0.9).toFixed(0)}–${(rate * 1.05).toFixed(0)}/s, no duplicates`,
            met: ratio >= 0.9 && ratio <= 1.05 && result.duplicates === 0 && result.refused === 0,
          });
        }
      }
  } else {
    console.log(
      '\nDelivery skipped: reminders leave only from 08:00 to 19:00 India time; run the bench then.\n',
    );
    summary.push({
      what: 'delivery',
      figure: 'skipped: outside 08:00–19:00 IST',
      target: 'rate × 0.9–1.05',
      met: null,
    });
  }

  // ---------------------------------------------------------------------------------------------
  // 3. What the receipt costs a payment.
  const payable = rowsOf<{ loan_id: number; emi_number: number; agent_email: string }>(
    await db.execute(sql`select loan_id, emi_number, agent_email from (
        select e.loan_id, e.emi_number, a.email as agent_email,
               row_number() over (partition by l.agent_id order by md5(l.id::text)) as turn
          from emis e join loans l on l.id = e.loan_id join users a on a.id = l.agent_id
         where e.emi_date = ${TODAY}::date and e.status = 'pending' and l.status = 'approved') o
      order by turn, agent_email`),
  );
  const tokens = new Map<string, Record<string, string>>();
  for (const agent of agents) {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: agent.email, password: 'bench1234' },
    });
    if (login.statusCode !== 200)
      throw new Error(`sign-in of ${agent.email}: ${login.statusCode} ${login.body}`);
    tokens.set(agent.email, { authorization: `Bearer ${login.json().token}` });
  }
  type Arm = 'none' | 'sms';
  // The payment's statement (payment, audit, ledger rows and the receipt, one INSERT) timed at the driver.
  const statementMs: Record<Arm, number[]> = { none: [], sms: [] };
  let next = 0;
  const pay = async (ms: number) => {
    const times: number[] = [];
    const refusals: string[] = [];
    const started = performance.now();
    const until = started + ms;
    const client = async () => {
      while (performance.now() < until) {
        const emi = payable[next];
        next += 1;
        if (!emi) return;
        const sent = performance.now();
        const answer = await app.inject({
          method: 'POST',
          url: `/api/emi/pay/${emi.loan_id}/${emi.emi_number}`,
          headers: { ...tokens.get(emi.agent_email), 'idempotency-key': randomUUID() },
          payload: { payment_type: 'full', payment_mode: 'cash' },
        });
        if (answer.statusCode === 200) times.push(performance.now() - sent);
        else refusals.push(`${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    return { times, refusals, ms: performance.now() - started };
  };
  const setChannels = async (arm: Arm) => {
    await db.execute(sql`update users set message_channels = ${arm === 'sms' ? '{sms}' : '{}'}::text[]
      where role_id = ${userRole}`);
    await db.execute(sql`vacuum analyze users`);
  };
  const arms: Record<Arm, { times: number[]; refusals: string[]; ms: number; p95s: number[] }> = {
    none: { times: [], refusals: [], ms: 0, p95s: [] },
    sms: { times: [], refusals: [], ms: 0, p95s: [] },
  };
  const receiptsBefore = (
    await first<{ n: number }>(sql`select count(*)::int as n from messages where event = 'payment_received'`)
  ).n;
  await setChannels('none');
  const warm = await pay(3000);
  log(
    `payments warm-up: ${warm.times.length} paid, ${warm.refusals.length} refused ${warm.refusals[0] ?? ''}`,
  );
  for (let round = 0; round < PAY_ROUNDS; round += 1) {
    for (const arm of (round % 2 === 0 ? ['none', 'sms'] : ['sms', 'none']) as Arm[]) {
      await setChannels(arm);
      takeStatementTimes();
      statementTimes.on = true;
      const run = await pay(PAY_SECONDS * 1000);
      statementTimes.on = false;
      statementMs[arm].push(...(takeStatementTimes()['payment INSERT'] ?? []));
      const sorted = [...run.times].sort((a, b) => a - b);
      arms[arm].times.push(...run.times);
      arms[arm].refusals.push(...run.refusals);
      arms[arm].ms += run.ms;
      arms[arm].p95s.push(percentile(sorted, 0.95));
      log(
        `payments round ${round + 1}, channels ${arm === 'sms' ? "'{sms}'" : "'{}'"}: ${run.times.length} paid ` +
          `(${((run.times.length / run.ms) * 1000).toFixed(0)}/s), p50 ${percentile(sorted, 0.5).toFixed(1)} ms, ` +
          `p95 ${percentile(sorted, 0.95).toFixed(1)} ms, refused ${run.refusals.length} ${run.refusals[0] ?? ''}`,
      );
      if (next >= payable.length) log('no payable EMIs of today left: the rounds are shorter than asked');
    }
  }
  // The receipt's own database time, without the load's noise: its INSERT alone, one after another on
  // one connection inside a transaction (rolled back), against a `select 1` round trip on the same.
  const SAMPLES = 1000;
  await setChannels('sms');
  const receiptAlone = { roundTrip: Number.NaN, receipt: Number.NaN, written: 0 };
  const borrowerLoans = rowsOf<{ loan_id: number; customer_id: number; name: string; loan_code: string }>(
    await db.execute(sql`select l.id as loan_id, u.id as customer_id, u.name, l.loan_code
      from loans l join users u on u.id = l.customer_id order by l.id limit ${SAMPLES}`),
  );
  await db
    .transaction(async (tx) => {
      let started = performance.now();
      for (const _ of borrowerLoans) await tx.execute(sql`select 1`);
      receiptAlone.roundTrip = (performance.now() - started) / borrowerLoans.length;
      started = performance.now();
      for (const [index, loan] of borrowerLoans.entries()) {
        const facts = {
          customerId: loan.customer_id,
          customerName: loan.name,
          loanId: loan.loan_id,
          loanCode: loan.loan_code,
          amountPaise: EMI,
          emiNumbers: '1',
          paidOn: TODAY,
          now: new Date(),
        };
        await tx.execute(
          sql`with receipt as (${receiptOutboxInsert(facts, sql`${2_000_000_000 + index}::int`)}) select 1`,
        );
      }
      receiptAlone.receipt = (performance.now() - started) / borrowerLoans.length;
      const [written] = rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from messages where event_key like 'payment_received:20________'`,
        ),
      );
      receiptAlone.written = written?.n ?? 0;
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  log(
    `the receipt's INSERT alone (${borrowerLoans.length} in one transaction, borrowers on '{sms}', ${receiptAlone.written} rows): ` +
      `${receiptAlone.receipt.toFixed(3)} ms each, a select 1 ${receiptAlone.roundTrip.toFixed(3)} ms`,
  );
  const receipts =
    (
      await first<{ n: number }>(
        sql`select count(*)::int as n from messages where event = 'payment_received'`,
      )
    ).n - receiptsBefore;
  const figures = (arm: Arm) => {
    const sorted = [...arms[arm].times].sort((a, b) => a - b);
    const statement = [...statementMs[arm]].sort((a, b) => a - b);
    return {
      count: sorted.length,
      rps: (sorted.length / arms[arm].ms) * 1000,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      statementMean: mean(statement),
      statementP95: percentile(statement, 0.95),
      refused: arms[arm].refusals.length,
      p95s: arms[arm].p95s,
    };
  };
  const none = figures('none');
  const sms = figures('sms');
  console.log(
    `\n| payments, ${CLIENTS} clients in-process | paid | per s | p50 ms | p95 ms | p99 ms | p95 of each round | payment statement mean / p95 ms | refused |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [label, f] of [
    ["'{}' (no receipt)", none],
    ["'{sms}' (receipt written)", sms],
  ] as const)
    console.log(
      `| ${label} | ${f.count} | ${f.rps.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.p95s.map((p) => p.toFixed(1)).join(', ')} | ${f.statementMean.toFixed(2)} / ${f.statementP95.toFixed(2)} | ${f.refused} |`,
    );
  console.log(
    `receipts written during the '{sms}' rounds: ${receipts} (payments paid in them: ${sms.count})`,
  );
  const growth = sms.p95 - none.p95;
  // How far apart the p95s of one arm's own rounds are: below it, a difference says nothing.
  const spread = Math.max(...[none, sms].map((f) => Math.max(...f.p95s) - Math.min(...f.p95s)));
  summary.push(
    {
      what: `payment p95, '{}' → '{sms}' (${CLIENTS} clients, ${PAY_ROUNDS} rounds × ${PAY_SECONDS} s each)`,
      figure:
        `${none.p95.toFixed(1)} → ${sms.p95.toFixed(1)} ms (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} ms); ` +
        `${none.rps.toFixed(0)} → ${sms.rps.toFixed(0)} payments/s; one arm's rounds differ by up to ${spread.toFixed(1)} ms` +
        (spread > 1 ? ' (noise above the 1 ms asked: no verdict from p95 here, see the next rows)' : ''),
      target: 'p95 + ≤ 1 ms',
      met: none.refused + sms.refused > 0 ? false : spread > 1 ? null : growth <= 1,
    },
    {
      what: "the receipt's INSERT alone, sequential, minus a select 1 round trip",
      figure: `${(receiptAlone.receipt - receiptAlone.roundTrip).toFixed(3)} ms (${receiptAlone.receipt.toFixed(3)} − ${receiptAlone.roundTrip.toFixed(3)})`,
      target: '≤ 1 ms',
      met: receiptAlone.receipt - receiptAlone.roundTrip <= 1,
    },
    {
      what: "the payment's INSERT (its CTEs), mean",
      figure: `${none.statementMean.toFixed(2)} → ${sms.statementMean.toFixed(2)} ms (${(sms.statementMean - none.statementMean).toFixed(2)} ms); receipts ${receipts} for ${sms.count} payments`,
      target: 'one receipt per payment',
      met: receipts === sms.count,
    },
  );

  // ---------------------------------------------------------------------------------------------
  const version = (await first<{ v: string }>(sql`select current_setting('server_version') as v`)).v;
  console.log(
    `\nMachine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ` +
      `PostgreSQL ${version}, Node ${process.version}; load average ${loadAtStart.map((x) => x.toFixed(1)).join(' ')} ` +
      `at the start, ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} at the end. ` +
      `Book: ${LOANS} loans, ${CUSTOMERS} borrowers, ${book.emis} EMIs, seeded in ${secondsOf(seedMs)} s.`,
  );
  console.log('\n| measurement | figure | target | |');
  console.log('|---|---|---|---|');
  for (const row of summary)
    console.log(
      `| ${row.what} | ${row.figure} | ${row.target} | ${row.met === null ? '–' : row.met ? 'met' : 'MISSED'} |`,
    );
  process.exitCode = summary.some((row) => row.met === false) ? 1 : 0;
} finally {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await database.close();
  if (ownDatabase) execFileSync('dropdb', [...pgServer, '--if-exists', '--force', ownDatabase]);
}
