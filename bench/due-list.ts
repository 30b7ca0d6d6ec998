/**
 * Payments Due against a running server (PostgreSQL filled by bench/due-seed.sql, see bench/README.md):
 * p50/p95 of the first page (with the whole filter's totals) and of later pages (by cursor) under
 * `DUE_CLIENTS` concurrent clients, the bytes of a page, and the export's bytes and time.
 *   DUE_URL=http://127.0.0.1:3926 DUE_DATE=2026-11-24 npx tsx bench/due-list.ts
 * Prints the figures and exits 1 when a p95 is over DUE_TARGET_MS (100 by default).
 */
import { performance } from 'node:perf_hooks';

const base = process.env.DUE_URL ?? 'http://127.0.0.1:3000';
const date = process.env.DUE_DATE ?? '';
const clients = Number(process.env.DUE_CLIENTS ?? 10);
const rounds = Number(process.env.DUE_ROUNDS ?? 20);
const target = Number(process.env.DUE_TARGET_MS ?? 100);

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    email: process.env.DUE_EMAIL ?? 'admin@example.com',
    password: process.env.DUE_PASSWORD ?? 'admin123',
  }),
});
const { token } = (await login.json()) as { token: string };
const headers = { authorization: `Bearer ${token}` };

const get = async (query: string, path = '/api/loans/emis/due') => {
  const started = performance.now();
  const response = await fetch(`${base}${path}${query}`, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${response.status} ${text}`);
  return { ms: performance.now() - started, bytes: Buffer.byteLength(text), body: JSON.parse(text) };
};

/** `clients` loops of `rounds` requests each, all at once; answers p50 and p95 in ms. */
const load = async (query: () => string, path?: string) => {
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < rounds; i += 1) samples.push((await get(query(), path)).ms);
    }),
  );
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * q))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), n: samples.length };
};

const filter = `?date=${date}&status=pending`;
const first = await get(filter);
console.log(`first page: ${first.body.emis.length} rows, ${first.bytes} bytes, total ${first.body.total}`);
// Cursors spread over the day, so later pages are not one cached range.
const cursors: string[] = [];
for (let page = first.body; page.next_cursor && cursors.length < 40; ) {
  cursors.push(page.next_cursor);
  page = (await get(`${filter}&cursor=${page.next_cursor}`)).body;
}

await get(filter); // warm
// The floor any signed-in call pays on this machine (session check, HTTP), for reading the rest.
const meLoad = await load(() => '', '/api/auth/me');
const firstLoad = await load(() => `${filter}&_t=${Date.now()}`);
let next = 0;
const laterLoad = await load(() => `${filter}&cursor=${cursors[next++ % Math.max(cursors.length, 1)] ?? ''}`);
const searchLoad = await load(() => `${filter}&search=zoya`);

const started = performance.now();
const exported = await fetch(`${base}/api/loans/emis/due/export${filter}`, { headers });
const csv = await exported.arrayBuffer();
const exportMs = performance.now() - started;

console.log(
  `baseline GET /api/auth/me, ${clients} clients: p50 ${meLoad.p50.toFixed(1)} ms, p95 ${meLoad.p95.toFixed(1)} ms`,
);
const rows = [
  { name: `first page with totals, ${clients} clients`, ...firstLoad },
  { name: `later pages by cursor, ${clients} clients`, ...laterLoad },
  { name: `first page, search 'zoya', ${clients} clients`, ...searchLoad },
];
for (const row of rows)
  console.log(
    `${row.name}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms (n=${row.n}; target p95 ≤ ${target} ms)`,
  );
console.log(`export: ${csv.byteLength} bytes in ${exportMs.toFixed(0)} ms`);
process.exitCode = rows.every((row) => row.p95 <= target) ? 0 : 1;
