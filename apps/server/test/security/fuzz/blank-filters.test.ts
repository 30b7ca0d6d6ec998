import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imports } from '../../../src/db/schema';
import { emiApi } from '../../support/emi-api';
import { createLoan } from '../../support/loans';
import { pathOf } from './harness';
import { type FuzzRoute, fuzzApp } from './routes';

/**
 * A screen's "All" sends `status=`, an emptied search box `search=`: every list must answer a blank
 * parameter exactly as it answers the parameter left out. Every GET route the app registers with
 * optional query parameters is called as the superadmin without them, with each one blank, and with
 * all of them blank at once, over a book with loans, payments, a bounce and a support message.
 */
const { t, cast, routes } = await fuzzApp();
afterAll(() => t.close());

let ids: Record<string, string> = {};

beforeAll(async () => {
  const api = emiApi(t);
  const loanA = (
    await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-10', totalEmiDays: 20 })
  ).loan;
  const loanB = (
    await createLoan(t.db, { customer: cast.customerB, startDate: '2026-11-12', totalEmiDays: 20 })
  ).loan;
  for (const emi of [1, 2, 3])
    expect((await api.pay(cast.agentA.headers, loanA.id, emi)).statusCode).toBe(200);
  expect((await api.bounce(cast.agentB.headers, loanB.id, 1, { reason: 'No funds' })).statusCode).toBe(200);
  const support = await t.app.inject({
    method: 'POST',
    url: '/api/support',
    headers: cast.borrower.headers,
    payload: { subject: 'Payment Issue', message: 'My receipt is missing', category: 'billing' },
  });
  expect(support.statusCode, support.body).toBeLessThan(300);
  // An import under the loan's id: /imports/:id/errors then answers a page too.
  await t.db.insert(imports).values({
    id: loanA.id,
    fileName: 'book.xlsx',
    storageKey: 'imports/book.upload',
    sizeBytes: 1,
    sha256: '0'.repeat(64),
    cutOverDate: '2026-11-10',
    sheets: [],
  });
  // Path parameters name records that exist, so the answers compared are lists, not 404s.
  ids = { id: String(loanA.id), loanId: String(loanA.id), userId: String(cast.customerA.id) };
  const product = await t.app.inject({
    method: 'POST',
    url: '/api/loan-products',
    headers: cast.superadmin,
    payload: {
      name: 'Mon–Sat',
      min_amount: 1000,
      max_amount: 50000,
      min_tenure_days: 1,
      max_tenure_days: 100,
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  productIds = { id: String(product.json().product.id) };
});

let productIds: Record<string, string> = {};

/** Values for the parameters a route requires (a schedule's start and tenure): its optional ones vary. */
const REQUIRED_VALUES: Record<string, string> = { start_date: '2026-11-21', total_emi_days: '10' };

/** The route's path with its record ids and its required query parameters filled in. */
const baseOf = (route: FuzzRoute) => {
  const path = pathOf(route, route.url.startsWith('/api/loan-products/') ? productIds : ids);
  const required = (route.query?.required ?? []).map((name) => {
    const value = REQUIRED_VALUES[name];
    if (value === undefined) throw new Error(`no value for the required ${name} of ${route.label}`);
    return `${name}=${value}`;
  });
  return {
    path: required.length ? `${path}?${required.join('&')}` : path,
    joiner: required.length ? '&' : '?',
  };
};

const optionalParams = (route: FuzzRoute) => {
  const required = new Set(route.query?.required ?? []);
  return Object.keys(route.query?.properties ?? {}).filter((name) => !required.has(name));
};

const listRoutes = routes.filter((route) => route.method === 'GET' && optionalParams(route).length > 0);

/** What an answer says, comparable between two calls: a JSON value, a text, or a binary's kind. */
const answerOf = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: cast.superadmin });
  const type = String(response.headers['content-type'] ?? '');
  const body = type.includes('json')
    ? response.json()
    : type.startsWith('text/')
      ? response.body
      : `${response.rawPayload.length > 0 ? 'a file' : 'nothing'}`;
  return { status: response.statusCode, type, body };
};

describe('a blank filter is no filter', () => {
  it('covers every list route with optional parameters', () => {
    if (listRoutes.length < 30) throw new Error(`only ${listRoutes.length} list routes found`);
  });

  it.each(listRoutes.map((route) => [route.label, route] as const))('%s', async (_, route) => {
    const { path, joiner } = baseOf(route);
    const absent = await answerOf(path);
    expect(absent.status, `${path} without filters: ${JSON.stringify(absent.body).slice(0, 300)}`).toBe(200);
    const params = optionalParams(route);
    for (const name of params) {
      for (const blank of ['', '%20'])
        expect(await answerOf(`${path}${joiner}${name}=${blank}`), `${name}=${blank}`).toEqual(absent);
    }
    expect(
      await answerOf(`${path}${joiner}${params.map((name) => `${name}=`).join('&')}`),
      'all blank',
    ).toEqual(absent);
  });
});
