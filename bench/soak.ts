/**
 * `npm run soak`: a bounded soak of the real server on the demo lender. 50 clients for 60 s on
 * loopback, mixing reads (lists, the dashboard, reports, Payments Due) with idempotent payments
 * (some sent twice with the same Idempotency-Key, as a client retrying). Counts requests and
 * answers by status, samples the server's RSS every second, then stops the server with SIGTERM,
 * checks that every acknowledged payment is in the database exactly once and runs the books check.
 * Figures, not a test: they go into docs/RELIABILITY.md. PGlite under a fresh DATA_DIR by default;
 * with DATABASE_URL (an empty database) on PostgreSQL.
 *
 * SOAK_CLIENTS (50), SOAK_SECONDS (60), SOAK_PORT (3983).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gt } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { emiPayments } from '../apps/server/src/db/schema';
import { runVerify } from '../apps/server/src/verify';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 50);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const PORT = Number(process.env.SOAK_PORT ?? 3983);
const BASE = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-soak-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DEMO_DATA: '1',
  PORT: String(PORT),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
};
const config = { databaseUrl: process.env.DATABASE_URL, dataDir };

const startServer = (args: string[] = []) =>
  spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

const rssMib = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const call = async (method: string, url: string, token: string, key?: string) => {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (key) Object.assign(headers, { 'idempotency-key': key, 'content-type': 'application/json' });
  const response = await fetch(`${BASE}${url}`, { method, headers, body: key ? '{}' : undefined });
  const body = await response.text();
  return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', body };
};

/** Pending EMIs of the next days, from Payments Due: what the clients will pay. */
const payableEmis = async (token: string, today: string) => {
  const found: { loanId: number; emi: number }[] = [];
  for (let day = 0; day < 30 && found.length < 3000; day += 1) {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
    const page = JSON.parse(
      (await call('GET', `/api/loans/emis/due?date=${date}&limit=200`, token)).body,
    ) as {
      emis: { emi_number: number; Loan: { id: number } }[];
    };
    for (const row of page.emis) found.push({ loanId: row.Loan.id, emi: row.emi_number });
  }
  return found;
};

const READS = [
  '/api/loans?page=1&limit=20',
  '/api/loans/admin-dashboard',
  '/api/reports',
  '/api/loans/emis/due',
  '/api/users?page=1&limit=20',
  '/api/auth/me',
  '/api/loans/dashboard/admin/recent-activities',
];

// 1. The demo lender, seeded once (`--seed-only`), and the last payment before the soak.
const seeding = startServer(['--seed-only']);
if ((await exitOf(seeding)) !== 0) throw new Error('seeding failed');
const before = await openDatabase(config);
const [lastBefore] = await before.db
  .select({ id: emiPayments.id })
  .from(emiPayments)
  .orderBy(emiPayments.id)
  .limit(1)
  .offset(Math.max(0, (await before.db.$count(emiPayments)) - 1));
await before.close();

// 2. The server, signed in as the superadmin.
const server = startServer();
const serverExit = exitOf(server);
for (let ready = false; !ready; ) {
  ready = await fetch(`${BASE}/api/health`).then(
    (response) => response.ok,
    () => false,
  );
  if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
}
const signIn = await fetch(`${BASE}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
});
const { token } = (await signIn.json()) as { token: string };
const today = (JSON.parse((await call('GET', '/api/clock', token)).body) as { today?: string }).today;
const queue = await payableEmis(token, today ?? new Date().toISOString().slice(0, 10));
const candidates = queue.length;

// 3. The soak.
const statuses = new Map<number, number>();
let requests = 0;
let acknowledged = 0;
const acknowledgedPayments: string[] = [];
let replaysOk = 0;
let replaysWrong = 0;
const rss: number[] = [];
const pid = server.pid ?? 0;
const sampler = setInterval(() => rss.push(rssMib(pid)), 1000);
rss.push(rssMib(pid));
const endAt = Date.now() + SECONDS * 1000;
/** Milliseconds per kind of call (the read's path, or "pay"). */
const durations = new Map<string, number[]>();
const timed = async <T>(kind: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  durations.set(kind, [...(durations.get(kind) ?? []), performance.now() - started]);
  return result;
};
const percentile = (values: number[], p: number) =>
  Math.round(
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0,
  );
const count = (status: number) => {
  requests += 1;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
};

const client = async (index: number) => {
  for (let turn = 0; Date.now() < endAt; turn += 1) {
    const payment = turn % 4 === 3 ? queue.shift() : undefined;
    if (!payment) {
      const read = READS[(index + turn) % READS.length] ?? '/api/auth/me';
      count((await timed(read, () => call('GET', read, token))).status);
      continue;
    }
    const key = `soak-${payment.loanId}-${payment.emi}`;
    const paid = await timed('pay', () =>
      call('POST', `/api/emi/pay/${payment.loanId}/${payment.emi}`, token, key),
    );
    count(paid.status);
    if (paid.status !== 200) continue;
    acknowledged += 1;
    acknowledgedPayments.push(`${payment.loanId}/${payment.emi}`);
    // One payment in five is sent again with its key, as a client that lost the answer would.
    if (acknowledged % 5 === 0) {
      const again = await call('POST', `/api/emi/pay/${payment.loanId}/${payment.emi}`, token, key);
      count(again.status);
      if (again.status === 200 && again.replayed && again.body === paid.body) replaysOk += 1;
      else replaysWrong += 1;
    }
  }
};
const startedAt = Date.now();
await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
const elapsed = (Date.now() - startedAt) / 1000;
clearInterval(sampler);
rss.push(rssMib(pid));

// 4. Stop, then count what the database kept and check the books.
server.kill('SIGTERM');
const exitCode = await serverExit;
const after = await openDatabase(config);
const keptRows = await after.db
  .select({ loanId: emiPayments.loanId, emi: emiPayments.emiNumber })
  .from(emiPayments)
  .where(gt(emiPayments.id, lastBefore?.id ?? 0));
await after.close();
const rowsOf = new Map<string, number>();
for (const row of keptRows)
  rowsOf.set(`${row.loanId}/${row.emi}`, (rowsOf.get(`${row.loanId}/${row.emi}`) ?? 0) + 1);
const lost = acknowledgedPayments.filter((payment) => !rowsOf.has(payment)).length;
const twice = acknowledgedPayments.filter((payment) => (rowsOf.get(payment) ?? 0) > 1).length;
const lines: string[] = [];
const verify = await runVerify(
  { ...env, DATABASE_URL: process.env.DATABASE_URL },
  { out: (line) => lines.push(line), err: (line) => lines.push(line) },
);

const fiveXx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
const result = {
  engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
  clients: CLIENTS,
  seconds: Math.round(elapsed),
  requests,
  perSecond: Math.round(requests / elapsed),
  statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)),
  fiveXx,
  paymentCandidates: candidates,
  paymentsAcknowledged: acknowledged,
  paymentRowsWritten: keptRows.length,
  paymentsLost: lost,
  paymentsRecordedTwice: twice,
  replays: { ok: replaysOk, wrong: replaysWrong },
  latencyMs: Object.fromEntries(
    [...durations].map(([kind, values]) => [
      kind,
      { n: values.length, p50: percentile(values, 0.5), p95: percentile(values, 0.95) },
    ]),
  ),
  rssMib: {
    start: Math.round(rss[0] ?? 0),
    peak: Math.round(Math.max(...rss)),
    end: Math.round(rss.at(-1) ?? 0),
  },
  sigtermExit: exitCode,
  verify: { code: verify, summary: lines.at(-1) },
};
console.log(JSON.stringify(result, null, 2));
fs.rmSync(dataDir, { recursive: true, force: true });
process.exitCode = fiveXx === 0 && lost === 0 && twice === 0 && replaysWrong === 0 && verify === 0 ? 0 : 1;
