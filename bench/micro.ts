/**
 * Speed measurements with their targets. Not part of `npm test`: run `npm run bench` on an idle
 * machine. Each line prints the measured figure and the target; the exit code is 1 if a target is missed.
 */
import { generateSchedule, rupeesToPaise } from '@lending/domain';
import { openPglite } from '../apps/server/src/db/client';
import { findRoleByName } from '../apps/server/src/modules/roles';
import { insertUser, seedSystemAccounts } from '../apps/server/src/modules/users';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { BENCH_ADMIN, benchApp } from './bench-app';

type Result = { name: string; value: number; unit: string; target: number };
const results: Result[] = [];

const time = async (runs: number, fn: () => Promise<unknown> | unknown) => {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(runs * 0.5)] ?? 0, p95: samples[Math.floor(runs * 0.95)] ?? 0 };
};

const schedule = await time(200, () =>
  generateSchedule({ startDate: '2026-11-21', perDayEmiPaise: rupeesToPaise(120), totalEmiDays: 3650 }),
);
results.push({ name: 'schedule of 3650 EMIs (p95)', value: schedule.p95, unit: 'ms', target: 20 });

const hashing = await time(10, () => hashPassword('benchmark-password'));
// argon2id should be slow enough to hurt guessing and fast enough for a sign-in.
results.push({ name: 'argon2id hash (p50)', value: hashing.p50, unit: 'ms', target: 250 });

const database = await openPglite();
await database.migrate();
await seedSystemAccounts(database.db, BENCH_ADMIN);
const { app, authorization } = await benchApp(database.db);
const headers = { authorization };
const me = await time(500, () => app.inject({ method: 'GET', url: '/api/auth/me', headers }));
const customerRole = await findRoleByName(database.db, 'user');
const customer = await insertUser(database.db, {
  name: 'Bench Customer',
  email: 'bench@example.com',
  passwordHash: 'x',
  roleId: customerRole?.id ?? 0,
});
const tenYears = await time(10, async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/loans',
    headers,
    payload: {
      customer_id: customer.id,
      loan_amount: 300000,
      per_day_emi: 100,
      total_emi_days: 3650,
      start_date: '2026-01-01',
    },
  });
  // A refused request is fast and would flatter the figure.
  if (response.statusCode !== 201)
    throw new Error(`loan not created: ${response.statusCode} ${response.body}`);
});
results.push({
  name: 'POST /api/loans with a 3650-EMI schedule, in-process (p50)',
  value: tenYears.p50,
  unit: 'ms',
  target: 1000,
});
results.push({
  name: 'GET /api/auth/me, session check included (p95)',
  value: me.p95,
  unit: 'ms',
  target: 15,
});
await app.close();
await database.close();

let missed = 0;
for (const result of results) {
  const ok = result.value <= result.target;
  if (!ok) missed += 1;
  console.log(
    `${ok ? 'ok  ' : 'MISS'} ${result.name}: ${result.value.toFixed(2)} ${result.unit} (target ≤ ${result.target} ${result.unit})`,
  );
}
process.exit(missed === 0 ? 0 : 1);
