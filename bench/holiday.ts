/**
 * How long declaring a holiday takes at a lender's size (docs/lending-rules.md, "The collection
 * calendar"): `--loans` running loans of a Monday-to-Saturday product, `--tenure` instalments each,
 * started up to a tenure ago, every instalment before today paid. Times the preview and the
 * declaration through the API (every pending instalment from the holiday on moves, with its kept
 * figures' triggers), with the loans and instalments moved.
 *
 * The book is written straight into the tables with triggers off (minutes saved; the declaration's
 * own work, triggers included, unchanged). A fresh PGlite in memory, or the PostgreSQL database of
 * DATABASE_URL (migrated here; an empty database of your own, never `test`).
 *
 *   npm run bench:holiday -- --loans 10000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mine npm run bench:holiday -- --loans 100000
 */
import { parseArgs } from 'node:util';
import { addDays, istDateOf, weekdayOf } from '@lending/domain';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { holidayMove } from '../apps/server/src/modules/holidays';
import { findRoleByName } from '../apps/server/src/modules/roles';
import { benchApp, openBenchDatabase } from './bench-app';

const { values } = parseArgs({
  options: { loans: { type: 'string', default: '10000' }, tenure: { type: 'string', default: '100' } },
});
const LOANS = Number(values.loans);
const TENURE = Number(values.tenure);
const TODAY = istDateOf(new Date());
const EMI = 10_000;

const { database, db, adminId } = await openBenchDatabase();
const userRole = (await findRoleByName(db, 'user'))?.id ?? 0;
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(2);

const seedStarted = Date.now();
await db.transaction(async (tx) => {
  await tx.execute(sql`set local session_replication_role = replica`);
  await tx.execute(sql`insert into loan_products (name, min_amount, max_amount, min_tenure_days, max_tenure_days, off_days)
    values ('Daily Mon–Sat', 100000, 10000000, 1, 3650, 1)`);
  await tx.execute(sql`insert into users (name, email, mobile, password_hash, role_id)
    select 'Holiday Borrower ' || g, 'holiday-borrower-' || g || '@bench.test', '7' || lpad(g::text, 9, '0'), 'x', ${userRole}
    from generate_series(1, ${LOANS}) g`);
  // Loan g started (g % tenure) collection days' worth of calendar days ago, so the book holds every stage.
  await tx.execute(sql`insert into loans (loan_number, loan_code, customer_id, created_by, loan_amount, per_day_emi,
      total_emi_days, total_repayable, interest_amount, start_date, end_date, status, product_id, off_days)
    select g, 'LN' || lpad(g::text, 6, '0'), (select min(id) from users where email like 'holiday-borrower-%') + g - 1,
      ${adminId}, ${EMI * TENURE * 4} / 5, ${EMI}, ${TENURE}, ${EMI * TENURE}, ${EMI * TENURE} / 5,
      s.start, calendar_emi_day(s.start, 1, '{}', ${TENURE}), 'approved',
      (select min(id) from loan_products), 1
    from generate_series(1, ${LOANS}) g cross join lateral (select ${TODAY}::date - (g % ${TENURE}) as start) s`);
  await tx.execute(sql`insert into emis (loan_id, emi_number, emi_date, amount, status, payment_type, payment_date)
    select l.id, n, d, ${EMI}, case when d < ${TODAY}::date then 'paid' else 'pending' end,
      case when d < ${TODAY}::date then 'full' end, case when d < ${TODAY}::date then d end
    from loans l cross join lateral generate_series(1, ${TENURE}) n
      cross join lateral (select calendar_emi_day(l.start_date, 1, '{}', n) as d) e`);
  await tx.execute(sql`analyze loans`);
  await tx.execute(sql`analyze emis`);
});
console.log(`seeded ${LOANS} loans of ${TENURE} instalments in ${seconds(seedStarted)} s`);

const { app, deps, authorization } = await benchApp(db);
let holiday = addDays(TODAY, 2);
if (weekdayOf(holiday) === 'sunday') holiday = addDays(holiday, 1);
const body = { date: holiday, name: 'Bench holiday' };

const previewStarted = Date.now();
const preview = await app.inject({
  method: 'POST',
  url: '/api/holidays/preview',
  headers: { authorization },
  payload: body,
});
console.log(
  `preview ${holiday}: ${preview.statusCode} ${JSON.stringify({ loans: preview.json().loans, emis: preview.json().emis })} in ${seconds(previewStarted)} s`,
);

const declareStarted = Date.now();
const declared = await app.inject({
  method: 'POST',
  url: '/api/holidays',
  headers: { authorization },
  payload: body,
});
console.log(`declare: ${declared.statusCode} in ${seconds(declareStarted)} s`);

// The job's run, in this process (the bench starts no queue): steps of 500 loans, each one transaction.
const moveStarted = Date.now();
let steps = 0;
const outcome = await holidayMove.run({
  jobId: declared.json().holiday.job_id,
  key: holiday,
  payload: { date: holiday },
  startedBy: null,
  attempt: 1,
  reportProgress: async () => {
    steps += 1;
  },
  signal: new AbortController().signal,
  log: pino({ level: 'silent' }),
  deps,
});
const movedSeconds = (Date.now() - moveStarted) / 1000;
console.log(`${outcome.summary} in ${movedSeconds.toFixed(1)} s (${steps - 1} steps)`);
await app.close();
await database.close();
