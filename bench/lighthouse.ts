/**
 * Lighthouse 12 on the pages a phone and a desk open most: the sign-in page, the admin's dashboard,
 * the loans list and the agent's dashboard, each with Lighthouse's own mobile preset (a mid-range
 * phone on a slow 4G link, CPU slowed 4 ×) and desktop preset, against a running server with the
 * demo lender (`npm run demo`). Debian's Chromium, headless. Each page is measured `--runs` times
 * and the median run (by performance score) is reported with its total blocking time, largest
 * contentful paint, cumulative layout shift and the accessibility score.
 *
 * Budgets (mobile): performance ≥ 90, TBT ≤ 300 ms, LCP ≤ 2.5 s, CLS ≤ 0.1. Exit code 1 when one is
 * missed. A benchmark, not a test: single runs on a busy 2-core machine vary by up to 30 points.
 *
 *   npm run demo                                  # one shell (port 3000)
 *   npm run bench:lighthouse -- --url http://127.0.0.1:3000 [--runs 3] [--preset mobile|desktop|both]
 *     [--only 'admin dashboard'] [--details: each run's main-thread time by script and kind, its longest tasks and its layout shifts]
 */
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    runs: { type: 'string', default: '3' },
    preset: { type: 'string', default: 'both' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    only: { type: 'string' },
    details: { type: 'boolean', default: false },
  },
});
const base = (args.url ?? '').replace(/\/$/, '');
const runs = Math.max(1, Number(args.runs));
const presets =
  args.preset === 'both' ? (['mobile', 'desktop'] as const) : [args.preset as 'mobile' | 'desktop'];

/** The demo lender's accounts (apps/server/src/demo/people.ts). */
const ACCOUNTS = {
  superadmin: { email: 'admin@example.com', password: 'admin123' },
  agent: { email: 'ramesh.agent@demo.example.com', password: 'demo1234' },
} as const;

const PAGES: { name: string; path: string; as: keyof typeof ACCOUNTS | null }[] = [
  { name: 'sign-in', path: '/login', as: null },
  { name: 'admin dashboard', path: '/admin/dashboard', as: 'superadmin' },
  { name: 'loans list', path: '/admin/loans', as: 'superadmin' },
  { name: 'agent dashboard', path: '/agent-dashboard', as: 'agent' },
];

const BUDGET = { performance: 90, tbtMs: 300, lcpMs: 2500, cls: 0.1 };

const tokenOf = async (who: keyof typeof ACCOUNTS): Promise<string> => {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNTS[who]),
  });
  if (!response.ok) throw new Error(`signing in as ${who}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
};

/** The page's storage as a signed-in browser's: the app reads its session token from localStorage. */
const signIn = async (page: Page, who: keyof typeof ACCOUNTS | null) => {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  const token = who === null ? null : await tokenOf(who);
  await page.evaluate((value) => {
    // Runs in the page; bench/ is compiled without the DOM's types.
    const storage = (
      globalThis as unknown as { localStorage: { clear(): void; setItem(k: string, v: string): void } }
    ).localStorage;
    storage.clear();
    if (value !== null) storage.setItem('token', value);
  }, token);
};

type TRun = { performance: number; accessibility: number; tbtMs: number; lcpMs: number; cls: number };

const median = (values: TRun[]): TRun => {
  const sorted = [...values].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as TRun;
};

type TAuditItems = { items?: Record<string, unknown>[] };

/** Where the time and the shifts went (`--details`): the scripts' main-thread time and the shifted elements. */
const printDetails = (
  path: string,
  preset: string,
  lhr: { audits: Record<string, { details?: unknown } | undefined> },
) => {
  const items = (id: string) =>
    ((lhr.audits[id]?.details as TAuditItems | undefined)?.items ?? []).slice(0, 6);
  console.log(`\n${path} (${preset}): main-thread time by script (ms)`);
  for (const item of items('bootup-time'))
    console.log(`  ${Math.round(Number(item.total))}  ${String(item.url).replace(base, '')}`);
  console.log(`${path} (${preset}): main-thread work by kind (ms)`);
  for (const item of items('mainthread-work-breakdown'))
    console.log(`  ${Math.round(Number(item.duration))}  ${String(item.groupLabel)}`);
  console.log(`${path} (${preset}): longest main-thread tasks (start ms, duration ms, script)`);
  for (const item of items('long-tasks'))
    console.log(
      `  ${Math.round(Number(item.startTime))}  ${Math.round(Number(item.duration))}  ${String(item.url).replace(base, '')}`,
    );
  console.log(`${path} (${preset}): layout shifts`);
  for (const item of items('layout-shifts')) {
    const node = item.node as { snippet?: string; selector?: string } | undefined;
    console.log(
      `  ${Number(item.score).toFixed(3)}  ${node?.selector ?? ''} ${node?.snippet?.slice(0, 120) ?? ''}`,
    );
  }
};

const chrome = await chromeLauncher.launch({
  chromePath: args.chromium,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
let missed = 0;
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows: string[] = [];
  for (const preset of presets)
    for (const target of PAGES.filter((page) => !args.only || page.name.includes(args.only))) {
      const results: TRun[] = [];
      for (let i = 0; i < runs; i++) {
        const page = await browser.newPage();
        await signIn(page, target.as);
        // A page in the background never paints in headless Chromium (Lighthouse's NO_FCP).
        await page.bringToFront();
        const result = await lighthouse(
          `${base}${target.path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            // The session token set above must survive: Lighthouse clears storage by default.
            disableStorageReset: true,
          },
          preset === 'desktop' ? desktopConfig : undefined,
          page,
        );
        await page.close();
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${target.path}`);
        if (lhr.runtimeError)
          throw new Error(`${target.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (args.details) printDetails(target.path, preset, lhr);
        results.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
          lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        });
      }
      const m = median(results);
      const verdicts =
        preset === 'mobile'
          ? [
              m.performance >= BUDGET.performance,
              m.tbtMs <= BUDGET.tbtMs,
              m.lcpMs <= BUDGET.lcpMs,
              m.cls <= BUDGET.cls,
            ]
          : [];
      const met = verdicts.every(Boolean);
      if (!met) missed++;
      rows.push(
        `| ${target.name} (${target.path}) | ${preset} | ${m.performance} (${results.map((r) => r.performance).join(', ')}) | ${Math.round(m.tbtMs)} | ${(m.lcpMs / 1000).toFixed(2)} | ${m.cls.toFixed(3)} | ${m.accessibility} | ${preset === 'mobile' ? (met ? 'met' : '**missed**') : '–'} |`,
      );
      console.log(rows.at(-1));
    }
  await browser.disconnect();
  console.log(
    `\nLighthouse 12, Chromium headless, ${runs} run(s) a page, the median by performance score.` +
      ` Mobile budgets: performance ≥ ${BUDGET.performance}, TBT ≤ ${BUDGET.tbtMs} ms, LCP ≤ ${BUDGET.lcpMs / 1000} s, CLS ≤ ${BUDGET.cls}.\n`,
  );
  console.log('| page | preset | performance (each run) | TBT ms | LCP s | CLS | accessibility | budgets |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  chrome.kill();
}
process.exit(missed > 0 ? 1 : 0);
