/**
 * How long the day-end close takes at a lender's size (docs/classification.md): `--loans` running
 * loans of `--customers` borrowers and `--agents` agents, most paid up, some a few days behind, some
 * months behind (every class has loans, and borrowers with an NPA loan have others). Times the first
 * close (every loan not standard is a change), a nightly close the day after, and a catch-up of five
 * missed days, each with the loans and changes it wrote and the process's peak RSS.
 *
 * The close reads the loans, their borrowers and agents, each loan's money totals and the ledger rows
 * dated after the day closed; it never reads the EMI rows. So the book is written straight into those
 * tables (no EMIs, no ledger, triggers off while seeding): minutes saved, the close's work unchanged.
 * A fresh PGlite in memory, or the PostgreSQL database of DATABASE_URL (migrated here; an empty
 * database of your own, never `test`).
 *
 *   npx tsx bench/day-end-close.ts --loans 100000 --customers 50000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/mine npx tsx bench/day-end-close.ts
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { addDays } from '@lending/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/db/sql';
import { closeBusinessDay } from '../apps/server/src/modules/classification';
import { findRoleByName } from '../apps/server/src/modules/roles';
import { openBenchDatabase } from './bench-app';

const { values } = parseArgs({
  options: {
    loans: { type: 'string', default: '100000' },
    customers: { type: 'string', default: '50000' },
    agents: { type: 'string', default: '200' },
  },
});
const LOANS = Number(values.loans);
const CUSTOMERS = Number(values.customers);
const AGENTS = Number(values.agents);
const TODAY = '2026-11-21';
const EMI = 10_000;
const TENURE = 200;
/** ₹16,000 lent for ₹20,000 repaid: the principal share of instalment money is 80%. */
const LENT = 1_600_000;

const { database, db, adminId } = await openBenchDatabase();
const agentRole = (await findRoleByName(db, 'agent'))?.id ?? 0;
const userRole = (await findRoleByName(db, 'user'))?.id ?? 0;

const seedStarted = Date.now();
await db.transaction(async (tx) => {
  // Seeding only: the kept figures' triggers would count rows this bench does not need counted.
  await tx.execute(sql`set local session_replication_role = replica`);
  await tx.execute(sql`insert into users (name, email, mobile, password_hash, role_id)
    select 'Close Agent ' || g, 'close-agent-' || g || '@bench.test', '98' || lpad(g::text, 8, '0'), 'x', ${agentRole}
    from generate_series(1, ${AGENTS}) g`);
  await tx.execute(sql`insert into users (name, email, mobile, password_hash, role_id, agent_id)
    select 'Close Borrower ' || g, 'close-borrower-' || g || '@bench.test', '7' || lpad(g::text, 9, '0'), 'x',
      ${userRole}, (select min(id) from users where email like 'close-agent-%') + (g % ${AGENTS})
    from generate_series(1, ${CUSTOMERS}) g`);
  // Loan i started (i % 180) days ago; it is behind by 0 days (7 in 10), 1–30 (1 in 10), 31–90 (1 in
  // 20) or 91–180 days (1 in 20).
  await tx.execute(sql`insert into loans (loan_number, loan_code, customer_id, created_by, loan_amount, per_day_emi,
      total_emi_days, total_repayable, interest_amount, start_date, end_date, status)
    select g, 'LN' || lpad(g::text, 6, '0'),
      (select min(id) from users where email like 'close-borrower-%') + (g % ${CUSTOMERS}),
      ${adminId}, ${LENT}, ${EMI}, ${TENURE}, ${EMI * TENURE}, ${EMI * TENURE - LENT},
      ${TODAY}::date - (g % 180), ${TODAY}::date - (g % 180) + ${TENURE - 1}::int, 'approved'
    from generate_series(1, ${LOANS}) g`);
  await tx.execute(sql`insert into loan_money_totals (loan_id, paid, principal, last_money_day, book_end)
    select l.id, p.paid, p.paid * 4 / 5, ${TODAY}::date, 'infinity'
    from loans l
    cross join lateral (select greatest(0, (${TODAY}::date - l.start_date + 1) - case
        when l.loan_number % 20 = 0 then 91 + l.loan_number % 90
        when l.loan_number % 20 = 1 then 31 + l.loan_number % 60
        when l.loan_number % 10 = 2 then 1 + l.loan_number % 30
        else 0 end) * ${EMI} as paid) p`);
});
console.log(
  `seeded ${LOANS} loans of ${CUSTOMERS} borrowers in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
);

const now = () => new Date();
const close = async (label: string, day: string) => {
  const outcome = await closeBusinessDay(db, day, { jobId: null, startedBy: null, now });
  console.log(
    `${label}: ${day} — ${outcome.loans} loans, ${outcome.changes} changes, ${(outcome.ms / 1000).toFixed(2)} s`,
  );
  return outcome;
};
await close('first close', addDays(TODAY, -7));
await close('nightly close', addDays(TODAY, -6));
const catchUpStarted = Date.now();
for (let n = 5; n >= 1; n -= 1) await close('catch-up', addDays(TODAY, -n));
console.log(`catch-up of 5 days: ${((Date.now() - catchUpStarted) / 1000).toFixed(1)} s`);
const register = rowsOf<{ loan_class: string; loans: number }>(
  await db.execute(sql`select loan_class, count(*)::int as loans from loan_class_days
    where business_date = ${addDays(TODAY, -1)}::date group by 1 order by 1`),
);
console.log(
  `register of ${addDays(TODAY, -1)}: ${register.map((r) => `${r.loan_class} ${r.loans}`).join(', ')}`,
);
const status = fs.readFileSync('/proc/self/status', 'utf8');
console.log(`peak RSS ${status.match(/VmHWM:\s+(\d+)/)?.[1] ?? '?'} kB`);
await database.close();
