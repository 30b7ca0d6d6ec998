/**
 * `npm run bench:start`: how long `npm start` takes to answer and how much memory the server holds,
 * the compiled build against the old way (tsx compiling TypeScript in the running process).
 * Figures, not targets: the results go into docs/PERFORMANCE.md. Run on an idle machine.
 *
 * Each variant starts on a copy of one seeded embedded database (the demo lender), so every start
 * is a restart of an existing database. "listening" is the first 200 from /api/health; RSS is read
 * from /proc for the process that serves (and, in brackets, its whole process tree), once listening
 * and again after a round of requests (sign-in, lists, dashboard figures, the SPA, the API docs).
 * With DATABASE_URL set (an empty database) the demo lender is seeded there and every start uses it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3812);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const URL_BASE = `http://127.0.0.1:${PORT}`;
const STAMPS = path.join(ROOT, 'node_modules/.cache/lending-build');

type Variant = { name: string; command: string; args: string[]; before?: () => void };

// In this order: the old start's Vite build replaces the web output, which the next start rebuilds.
const VARIANTS: Variant[] = [
  { name: 'before: tsx src/main.ts', command: 'npx', args: ['tsx', 'apps/server/src/main.ts'] },
  {
    name: 'before: npm start (vite + tsx)',
    command: 'sh',
    args: ['-c', 'npm run build -w @lending/web && npx tsx apps/server/src/main.ts'],
  },
  {
    name: 'npm start, both builds stale',
    command: 'npm',
    args: ['start'],
    // Without stamps both targets count as unbuilt: the web app and the server are rebuilt.
    before: () => fs.rmSync(STAMPS, { recursive: true, force: true }),
  },
  { name: 'npm start, nothing stale', command: 'npm', args: ['start'] },
  { name: 'node apps/server/dist/main.js', command: process.execPath, args: ['apps/server/dist/main.js'] },
];

const rssKib = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
};

const childrenOf = (pid: number): number[] =>
  fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);

const treeOf = (pid: number): number[] => [pid, ...childrenOf(pid).flatMap(treeOf)];

/** The serving process is the leaf of the tree (npm → sh → node; tsx's CLI → node). */
const memory = (pid: number) => {
  const tree = treeOf(pid);
  const leaf = tree.find((p) => childrenOf(p).length === 0) ?? pid;
  return { serverMib: rssKib(leaf) / 1024, treeMib: tree.reduce((sum, p) => sum + rssKib(p), 0) / 1024 };
};

const waitForHealth = async (child: ChildProcess) => {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${URL_BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const exercise = async () => {
  const login = await fetch(`${URL_BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin123' }),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const paths = [
    '/api/auth/me',
    '/api/loans',
    '/api/loans/admin-dashboard',
    '/api/loans/financial-health',
    '/api/users',
    '/api/stats/system/status',
    '/api/docs/json',
    '/admin/login',
  ];
  for (let round = 0; round < 5; round += 1)
    for (const p of paths)
      await (await fetch(`${URL_BASE}${p}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
};

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // The whole group: npm and tsx's CLI do not always pass a signal on to their child.
    process.kill(-(child.pid as number), 'SIGTERM');
  });

const measure = async (variant: Variant, seeded: string) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-bench-start-'));
  fs.cpSync(seeded, dataDir, { recursive: true });
  variant.before?.();
  const started = performance.now();
  const child = spawn(variant.command, variant.args, {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  });
  try {
    await waitForHealth(child);
    const listeningMs = performance.now() - started;
    const atStart = memory(child.pid as number);
    await exercise();
    const afterRequests = memory(child.pid as number);
    return { listeningMs, atStart, afterRequests };
  } finally {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-bench-seed-'));
spawnSync(process.execPath, ['apps/server/dist/main.js', '--seed-only'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: seeded, DEMO_DATA: '1', LOG_LEVEL: 'warn' },
});

const load = () => os.loadavg()[0]?.toFixed(1);
const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
console.log(`\n${database}; ${RUNS} runs each, medians; RSS of the serving process [its process tree], MiB`);
console.log(`load average at the start: ${load()} on ${os.cpus().length} cores`);
for (const variant of VARIANTS) {
  const runs: Awaited<ReturnType<typeof measure>>[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await measure(variant, seeded));
  const figure = (pick: (run: (typeof runs)[number]) => number) => median(runs.map(pick)).toFixed(0);
  console.log(
    `${variant.name.padEnd(32)} listening ${(Number(figure((r) => r.listeningMs)) / 1000).toFixed(1)} s` +
      ` · RSS at start ${figure((r) => r.atStart.serverMib)} [${figure((r) => r.atStart.treeMib)}]` +
      ` · after requests ${figure((r) => r.afterRequests.serverMib)} [${figure((r) => r.afterRequests.treeMib)}]`,
  );
}
console.log(`load average at the end: ${load()}`);
fs.rmSync(seeded, { recursive: true, force: true });
