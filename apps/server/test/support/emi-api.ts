import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { UserRow } from '../../src/db/schema';
import { createUser } from './factories';
import { type Headers, type LoanCast, loanTestApp } from './loan-api';
import { createLoan, storedInvariant } from './loans';
import type { TestApp, TestAppOptions } from './test-app';

export { loanAuditActions, loanCast } from './loan-api';

type Body = Record<string, unknown>;

const post = (t: TestApp, url: string, headers: Headers, payload: Body, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload,
  });

/** The EMI calls through HTTP. */
/** Expects a 200 answer, with its body in the failure message when it is not. */
export const expectOk = (response: { statusCode: number; body: string }) =>
  expect(response.statusCode, response.body).toBe(200);

export const emiApi = (t: TestApp) => ({
  pay: (headers: Headers, loanId: number, n: number, body: Body = {}, key?: string) =>
    post(t, `/api/emi/pay/${loanId}/${n}`, headers, body, key),
  bounce: (headers: Headers, loanId: number, n: number, body: Body = {}, key?: string) =>
    post(t, `/api/emi/bounce/${loanId}/${n}`, headers, body, key),
  clearAll: (headers: Headers, loanId: number, body: Body, key?: string) =>
    post(t, `/api/loans/${loanId}/clear-charges`, headers, body, key),
  clearEmi: (headers: Headers, emiId: number, body: Body, key?: string) =>
    post(t, `/api/loans/emi/${emiId}/clear-charges`, headers, body, key),
  get: (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers }),
});

/** A test file's app with the loans cast and the EMI calls (see loanTestApp). */
export const emiTestApp = async (options?: TestAppOptions) => {
  const app = await loanTestApp(options);
  return { ...app, api: emiApi(app.t) };
};

/**
 * The book the reports are checked on: a 10-day loan each of agent A's customer, agent B's customer
 * and Zoya Khan (a second customer of agent A), starting on the dates given.
 */
export const reportLoans = async (
  t: TestApp,
  cast: LoanCast,
  starts: { customerA: string; customerB: string; zoya: string },
) => {
  const zoya = await createUser(t.db, {
    name: 'Zoya Khan',
    mobile: '9123456780',
    agentId: cast.agentA.user.id,
  });
  const loanOf = async (customer: UserRow, startDate: string) =>
    (await createLoan(t.db, { customer, startDate, totalEmiDays: 10 })).loan;
  return {
    ofA: await loanOf(cast.customerA, starts.customerA),
    ofB: await loanOf(cast.customerB, starts.customerB),
    ofZoya: await loanOf(zoya, starts.zoya),
  };
};

/** The ledger invariant holds over the loan's stored rows; answers the report. */
export const expectBalanced = async (t: TestApp, loanId: number) => {
  const report = await storedInvariant(t.db, loanId);
  expect(report.violations).toEqual([]);
  return report;
};

type PdfObject = { dict: string; stream: Buffer | null };

const objectsOf = (pdf: Buffer): Map<number, PdfObject> => {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\s*<<([\s\S]*?)>>\s*(stream\r?\n|endobj)/g)) {
    const [, id, dict = '', tail = ''] = match;
    let stream: Buffer | null = null;
    if (tail.startsWith('stream')) {
      const start = (match.index ?? 0) + match[0].length;
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
      const raw = pdf.subarray(start, start + length);
      stream = dict.includes('/FlateDecode') ? inflateSync(raw) : raw;
    }
    objects.set(Number(id), { dict, stream });
  }
  return objects;
};

/** Glyph code → text, from a ToUnicode CMap as pdfkit writes it (bfrange with arrays). */
const cmapOf = (cmap: string): Map<number, string> => {
  const map = new Map<number, string>();
  for (const [, start = '0', list = ''] of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
    [...list.matchAll(/<([0-9a-f ]+)>/gi)].forEach(([, hex = ''], index) => {
      const units = hex.split(' ').map((unit) => Number.parseInt(unit, 16));
      map.set(Number.parseInt(start, 16) + index, String.fromCharCode(...units));
    });
  }
  return map;
};

/**
 * The text runs of a pdfkit PDF (one per text() call), decoded through each font's ToUnicode map:
 * enough to check what a receipt says without a PDF library.
 */
export const pdfTextRuns = (pdf: Buffer): string[] => {
  const objects = objectsOf(pdf);
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    const block = /\/Font <<([\s\S]*?)>>/.exec(dict)?.[1];
    for (const [, name = '', ref = ''] of block?.matchAll(/\/(F\d+) (\d+) 0 R/g) ?? []) {
      const unicodeRef = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(ref))?.dict ?? '')?.[1];
      const cmap = objects.get(Number(unicodeRef))?.stream?.toString('latin1') ?? '';
      fonts.set(name, cmapOf(cmap));
    }
  }
  const runs: string[] = [];
  for (const { stream } of objects.values()) {
    const content = stream?.toString('latin1') ?? '';
    if (!content.includes(' Tf')) continue;
    let font = new Map<number, string>();
    for (const [, fontName, array] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (fontName) font = fonts.get(fontName) ?? new Map();
      if (array === undefined) continue;
      const hex = [...array.matchAll(/<([0-9a-f]*)>/gi)].map(([, h = '']) => h).join('');
      let run = '';
      for (let i = 0; i < hex.length; i += 4)
        run += font.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '?';
      runs.push(run);
    }
  }
  return runs;
};

/** The value printed right of a label on a receipt. */
export const receiptValue = (runs: readonly string[], label: string) => runs[runs.indexOf(label) + 1];

/** The value after each of the labels, keyed by label: a whole receipt checked in one `toEqual`. */
export const receiptValues = (runs: readonly string[], labels: readonly string[]) =>
  Object.fromEntries(labels.map((label) => [label, receiptValue(runs, label)]));

/** How many pages a PDF has. */
export const pdfPageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
