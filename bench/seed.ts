/**
 * `npm run bench:seed -- --customers 50000 --loans 100000 [--templates 200] [--reset]`
 *
 * Fills a database with a lender's portfolio for the benchmarks: 20 agents, the customers asked for
 * and the loans asked for (≈100 daily EMIs each, with months of payments, bounces, partials, carries,
 * waivers, foreclosures and edits). PostgreSQL at `DATABASE_URL`, or PGlite under `DATA_DIR` without
 * it (use the small preset there: `--preset small`). A few hundred template loans are made through
 * the product's services, day by day; the rest are set-based SQL copies of them (see seed-clone.ts).
 * Afterwards `npm run verify` on the same database checks every loan's books.
 */
import { parseArgs } from 'node:util';
import { addDays, createClock, istDateOf } from '@lending/domain';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { createDeps } from '../apps/server/src/create-deps';
import { openDatabase } from '../apps/server/src/db/client';
import type { UserRow } from '../apps/server/src/db/schema';
import { rowsOf } from '../apps/server/src/db/sql';
import { findRoleByName } from '../apps/server/src/modules/roles';
import { insertUser, seedSystemAccounts } from '../apps/server/src/modules/users';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { cloneTemplates } from './seed-clone';
import { insertBulkCustomers } from './seed-people';
import { randomSource } from './seed-plan';
import { authUserOf, makeTemplateLoan, movableClock, type TemplateTally } from './seed-templates';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string' },
    loans: { type: 'string' },
    templates: { type: 'string' },
    agents: { type: 'string', default: '20' },
    preset: { type: 'string' },
    reset: { type: 'boolean', default: false },
    seed: { type: 'string', default: '20261124' },
  },
});
const small = args.preset === 'small';
const customers = Number(args.customers ?? (small ? 500 : 50_000));
const loans = Number(args.loans ?? (small ? 1_000 : 100_000));
const templates = Math.min(loans, Number(args.templates ?? (small ? 50 : 200)));
const agentCount = Number(args.agents);
if (
  ![customers, loans, templates, agentCount].every((n) => Number.isInteger(n) && n > 0) ||
  customers <= templates
) {
  console.error(
    'usage: bench:seed -- --customers N --loans M [--templates T] [--agents A] [--reset] (N > T)',
  );
  process.exit(2);
}

const log = (line: string) => console.log(`[${((performance.now() - began) / 1000).toFixed(1)} s] ${line}`);
const began = performance.now();
/** A lost seed is simply run again, so its commits need not wait for the disk. */
const withoutSyncCommit = (url: string | undefined) =>
  url
    ? `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c synchronous_commit=off')}`
    : undefined;
const database = await openDatabase({
  databaseUrl: withoutSyncCommit(process.env.DATABASE_URL),
  dataDir: process.env.DATA_DIR ?? './data',
});
const { db } = database;
const existing = await db.execute(sql.raw(`select to_regclass('public.loans') is not null as present`));
if (rowsOf<{ present: boolean }>(existing)[0]?.present) {
  if (!args.reset) {
    console.error('the database already has tables: pass --reset to empty it first');
    process.exit(2);
  }
  await db.execute(
    sql.raw('drop schema public cascade; create schema public; drop schema if exists drizzle cascade'),
  );
  log('emptied the database');
}
await database.migrate();
await seedSystemAccounts(db, { email: 'admin@example.com', password: 'admin123' });

const today = istDateOf(new Date());
// The app (used for the calls made through HTTP, all on today) keeps today; each template loan gets
// a clock of its own that walks through its days.
const deps = await createDeps({
  db,
  clock: createClock({ businessDate: today }),
  dataDir: '/tmp/lending-bench-seed',
  log: pino({ level: 'silent' }),
  tokenTtlHours: 168,
  sessionIdleHours: 12,
  publicUrl: 'http://127.0.0.1:3000',
});
const app = await buildApp({ deps });
const passwordHash = await hashPassword('bench1234');
const roleId = async (name: string) => {
  const role = await findRoleByName(db, name);
  if (!role) throw new Error(`role ${name} missing`);
  return role.id;
};
const [agentRole, customerRole] = [await roleId('agent'), await roleId('user')];
const agents: UserRow[] = [];
for (let i = 1; i <= agentCount; i += 1) {
  agents.push(
    await insertUser(db, {
      name: `Field Agent ${String(i).padStart(2, '0')}`,
      email: `agent${i}@bench.example.com`,
      mobile: `98${String(10_000_000 + i).padStart(8, '0')}`,
      passwordHash,
      roleId: agentRole,
    }),
  );
}

const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: 'admin@example.com', password: 'admin123' },
});
const adminHeaders = { authorization: `Bearer ${login.json().token}` };
const admin = await authUserOf(deps, 'admin@example.com');
const tally: TemplateTally = {};
const makeTemplate = async (i: number) => {
  const agent = agents[i % agents.length];
  if (!agent) throw new Error('no agents');
  const customer = await insertUser(db, {
    name: `Template Customer ${i + 1}`,
    email: `template${i + 1}@bench.example.com`,
    mobile: `97${String(10_000_000 + i).padStart(8, '0')}`,
    passwordHash,
    roleId: customerRole,
    agentId: agent.id,
  });
  const { clock, setDay } = movableClock(today);
  // Each template has its own random source and clock, so making several at once changes nothing.
  const context = {
    deps: { ...deps, clock },
    app,
    adminHeaders,
    setDay,
    today,
    admin,
    random: randomSource(Number(args.seed) + i),
  };
  await makeTemplateLoan(context, customer.id, await authUserOf(deps, agent.email), tally);
};
// PGlite is one connection: templates are made one at a time there.
const parallel = database.kind === 'postgres' ? 4 : 1;
let next = 0;
let made = 0;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (next < templates) {
      const i = next;
      next += 1;
      await makeTemplate(i);
      made += 1;
      if (made % 25 === 0) log(`template loans: ${made} of ${templates}`);
    }
  }),
);
log(`template loans made: ${JSON.stringify(tally)}`);

const bulk = await insertBulkCustomers(db, {
  count: customers - templates,
  agentIds: agents.map((agent) => agent.id),
  roleId: customerRole,
  passwordHash,
  today,
  earliest: addDays(today, -400),
});
log(`${customers - templates} customers added`);
const copies = await cloneTemplates(db, { loans, bulkFirstId: bulk.firstId, bulkCount: bulk.count, log });
log(`copied the templates ${copies} times; analysing`);
await db.execute(sql.raw('analyze'));

const counts = await db.execute(
  sql.raw(`select (select count(*) from loans) as loans, (select count(*) from emis) as emis,
    (select count(*) from loan_ledger) as ledger_rows, (select count(*) from emi_payments) as payments,
    (select count(*) from users) as users, pg_size_pretty(pg_database_size(current_database())) as size`),
);
log(`done: ${JSON.stringify(rowsOf(counts)[0])}`);
await app.close();
await database.close();
