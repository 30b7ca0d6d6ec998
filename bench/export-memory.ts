/**
 * Memory of the exports at scale (a measurement, never a test): seeds N loans (100,000 by default),
 * each with a bounced EMI, a credit event and a paid EMI (its payment and ledger row), with set-based
 * SQL, then downloads the loans CSV, the credit report CSV, the Agent Collections CSV and the bounced
 * EMIs .xlsx over real HTTP and samples the process's RSS while each streams. Exports read in keyset batches and write as they read, so RSS should grow by a bounded
 * amount, not with N.
 *
 *   npx tsx bench/export-memory.ts [N]                       # embedded PGlite (in this process)
 *   DATABASE_URL=postgres://… npx tsx bench/export-memory.ts  # PostgreSQL (an empty database)
 *
 * With PGlite the database lives in this process, so its own buffers count in the RSS too;
 * PostgreSQL shows the server's share alone.
 */
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../apps/server/src/db/client';
import { seedSystemAccounts } from '../apps/server/src/modules/users';
import { BENCH_ADMIN, benchApp } from './bench-app';

const N = Number(process.argv[2] ?? 100_000);
const MB = 1024 * 1024;

const database = process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : await openPglite();
await database.migrate();
await seedSystemAccounts(database.db, BENCH_ADMIN);
const { db } = database;

const seedStarted = performance.now();
// One customer per ten loans; every loan approved, ₹120 a day for 100 days, its EMI 1 bounced.
await db.execute(sql`
  insert into users (name, email, mobile, password_hash, role_id)
  select 'Customer ' || g, 'customer' || g || '@bench.test', '9' || lpad(g::text, 9, '0'), 'x',
    (select id from roles where name = 'user')
  from generate_series(1, ${Math.ceil(N / 10)}) g`);
await db.execute(sql`
  insert into loans (loan_number, loan_code, customer_id, loan_amount, per_day_emi, total_emi_days,
    total_repayable, interest_amount, start_date, end_date, payment_method, status)
  select g, 'LN' || lpad(g::text, 6, '0'),
    (select min(id) from users where email like '%@bench.test') + (g - 1) / 10,
    1000000, 12000, 100, 1200000, 200000, date '2026-01-01', date '2026-04-10', 'cash', 'approved'
  from generate_series(1, ${N}) g`);
await db.execute(sql`select setval('loan_number_seq', ${N})`);
await db.execute(sql`
  insert into emis (loan_id, emi_number, emi_date, amount, late_charge, status, bounce_count, bounced_at,
    bounced_on, bounced_reason, bounce_status, dues_with)
  select id, 1, date '2026-01-01', 12000, 2000, 'bounced', 1,
    timestamptz '2026-01-01 10:00+05:30' + (id || ' seconds')::interval, date '2026-01-01', 'No funds',
    'bounced', 1
  from loans`);
await db.execute(sql`
  insert into credit_events (customer_id, loan_id, emi_number, event_type, emi_amount, amount, event_date,
    bounce_reason, bounce_sequence, charges_applied, created_at)
  select customer_id, id, 1, 'EMI_BOUNCED', 12000, 14000, date '2026-01-01', 'No funds', 1, 2000,
    timestamptz '2026-01-01 10:00+05:30' + (id || ' seconds')::interval
  from loans`);
// EMI 2 of every loan paid in cash by the superadmin, a payment a day spread over 100 business days:
// the payment record and its ledger row, which the Agent Collections report reads.
await db.execute(sql`
  insert into emis (loan_id, emi_number, emi_date, amount, status, paid_at, payment_date, payment_type)
  select id, 2, date '2026-01-02', 12000, 'paid', timestamptz '2026-01-02 10:00+05:30' + ((id % 100) || ' days')::interval,
    date '2026-01-02' + (id % 100)::integer, 'full'
  from loans`);
await db.execute(sql`
  insert into emi_payments (loan_id, emi_id, emi_number, payment_type, payment_mode, amount, collected_by,
    payment_date, paid_at)
  select e.loan_id, e.id, 2, 'full', 'cash', 12000, (select min(id) from users), e.payment_date, e.paid_at
  from emis e where e.emi_number = 2`);
await db.execute(sql`
  insert into loan_ledger (loan_id, kind, cause, emi_number, amount, instalment, penalty, actor_id,
    business_date, payment_mode, payment_id, created_at)
  select p.loan_id, 'collected', 'payment', 2, 12000, 12000, 0, p.collected_by, p.payment_date, 'cash', p.id,
    p.paid_at
  from emi_payments p`);
const seedSeconds = (performance.now() - seedStarted) / 1000;

const { app, authorization } = await benchApp(db);
const address = await app.listen({ port: 0, host: '127.0.0.1' });

type Figure = {
  name: string;
  rows: number;
  megabytes: number;
  seconds: number;
  baseMb: number;
  peakMb: number;
  /** The JavaScript heap alone: what the server holds of the rows (PGlite's memory is outside it). */
  heapBaseMb: number;
  heapPeakMb: number;
};
const figures: Figure[] = [];

/** Downloads `path`, dropping each chunk as it comes, while sampling RSS every 20 ms. */
const measure = async (name: string, path: string, rowsOf: (bytes: number, lines: number) => number) => {
  global.gc?.();
  const baseMb = process.memoryUsage().rss / MB;
  const heapBaseMb = process.memoryUsage().heapUsed / MB;
  let peakMb = baseMb;
  let heapPeakMb = heapBaseMb;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakMb = Math.max(peakMb, usage.rss / MB);
    heapPeakMb = Math.max(heapPeakMb, usage.heapUsed / MB);
  }, 20);
  const started = performance.now();
  const response = await fetch(`${address}${path}`, { headers: { authorization } });
  if (!response.ok || !response.body) throw new Error(`${path} answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  clearInterval(sampler);
  figures.push({
    name,
    rows: rowsOf(bytes, lines),
    megabytes: bytes / MB,
    seconds: (performance.now() - started) / 1000,
    baseMb,
    peakMb,
    heapBaseMb,
    heapPeakMb,
  });
};

// CSV: one line per row after the header.
await measure('loans CSV', '/api/loans/export?export_type=csv', (_, lines) => lines - 1);
await measure('credit report CSV', '/api/reports/export', (_, lines) => lines - 1);
await measure('collections CSV', '/api/loans/agent/collection-report/export', (_, lines) => lines - 1);
// The .xlsx is zipped, so its rows are not counted from its bytes.
await measure('bounced EMIs .xlsx', '/api/emi/bounced/export', () => N);

console.log(`${database.kind}: ${N} loans seeded in ${seedSeconds.toFixed(1)} s`);
for (const f of figures)
  console.log(
    `${f.name.padEnd(20)} ${String(f.rows).padStart(7)} rows  ${f.megabytes.toFixed(1).padStart(6)} MB in ${f.seconds.toFixed(1).padStart(5)} s  RSS ${f.baseMb.toFixed(0)} → peak ${f.peakMb.toFixed(0)} MB (+${(f.peakMb - f.baseMb).toFixed(0)} MB)  JS heap ${f.heapBaseMb.toFixed(0)} → peak ${f.heapPeakMb.toFixed(0)} MB`,
  );
await app.close();
await database.close();
