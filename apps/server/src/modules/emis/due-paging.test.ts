import { loanScopeOf, type TDueEmi, type TDueEmisResponse } from '@lending/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emiTestApp } from '../../../test/support/emi-api';
import { createLoan } from '../../../test/support/loans';
import { emis, type LoanRow } from '../../db/schema';
import type { AuthUser } from '../../platform/access';
import { eachDueEmi } from './due-repository';
import { createDueEmis } from './due-service';

const { t, cast, api } = await emiTestApp();
const ofA: LoanRow[] = [];
const ofB: LoanRow[] = [];
const DAY = '2026-11-21';

/**
 * Ten loans with their first EMI due on 2026-11-21: seven of agent A's customer, three of agent B's;
 * three of those EMIs carry a late charge (₹50, ₹75.50, ₹20).
 */
beforeAll(async () => {
  for (let i = 0; i < 7; i += 1)
    ofA.push((await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 })).loan);
  for (let i = 0; i < 3; i += 1)
    ofB.push((await createLoan(t.db, { customer: cast.customerB, totalEmiDays: 5 })).loan);
  const charge = async (loan: LoanRow | undefined, paise: number) =>
    loan &&
    t.db
      .update(emis)
      .set({ lateCharge: paise })
      .where(and(eq(emis.loanId, loan.id), eq(emis.emiNumber, 1)));
  await charge(ofA[1], 5000);
  await charge(ofA[4], 7550);
  await charge(ofB[2], 2000);
});

type Headers = Record<string, string>;
const due = async (headers: Headers, query: string) => {
  const response = await api.get(headers, `/api/loans/emis/due?date=${DAY}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TDueEmisResponse>();
};

/** Every page of a filter, following next_cursor from the first. */
const allPages = async (headers: Headers, query: string) => {
  const pages = [await due(headers, query)];
  for (let cursor = pages[0]?.next_cursor; cursor; cursor = pages.at(-1)?.next_cursor ?? null)
    pages.push(await due(headers, `${query}&cursor=${cursor}`));
  return pages;
};

/** The cards as the screen defines them, summed over rows (rupees, to the paisa). */
const summed = (rows: TDueEmi[]) => {
  const paise = (rupees: number) => Math.round(rupees * 100);
  const pending = rows.filter((row) => row.status === 'pending');
  const open = rows.filter((row) => row.status === 'pending' || row.is_current_bounce === true);
  return {
    total_to_collect: pending.reduce((sum, row) => sum + paise(row.amount) + paise(row.late_charge), 0) / 100,
    overdue: rows.filter((row) => row.late_charge > 0).length,
    pending: pending.length,
    late_charges: rows.reduce((sum, row) => sum + paise(row.late_charge), 0) / 100,
    open_count: open.length,
    open_amount: open.reduce((sum, row) => sum + paise(row.amount) + paise(row.late_charge), 0) / 100,
  };
};

const keyOf = (row: TDueEmi) => `${row.Loan.loan_code}#${row.emi_number}`;

describe('GET /api/loans/emis/due: keyset pages and totals over the whole filter', () => {
  it('answers disjoint pages of `limit` rows that together are every row, in loan order', async () => {
    const pages = await allPages(cast.admin.headers, '&limit=3');
    expect(pages.map((page) => page.emis.length)).toEqual([3, 3, 3, 1]);
    expect(pages.map((page) => page.limit)).toEqual([3, 3, 3, 3]);
    expect(pages.at(-1)?.next_cursor).toBeNull();
    const keys = pages.flatMap((page) => page.emis.map(keyOf));
    expect(new Set(keys).size).toBe(keys.length);
    const whole = await due(cast.admin.headers, '&limit=200');
    expect(whole.next_cursor).toBeNull();
    expect(keys).toEqual(whole.emis.map(keyOf));
    expect(keys).toEqual([...ofA, ...ofB].map((loan) => `${loan.loanCode}#1`));
  });

  it('answers total and totals of the whole filter on the first page only, from the database', async () => {
    const pages = await allPages(cast.admin.headers, '&limit=4');
    const rows = pages.flatMap((page) => page.emis);
    expect(pages[0]?.total).toBe(10);
    expect(pages[0]?.totals).toEqual(summed(rows));
    expect(pages[0]?.totals).toEqual({
      total_to_collect: 1345.5,
      overdue: 3,
      pending: 10,
      late_charges: 145.5,
      open_count: 10,
      open_amount: 1345.5,
    });
    expect(pages.slice(1).map((page) => [page.total, page.totals])).toEqual([
      [null, null],
      [null, null],
    ]);
    // Paid rows: counted in their own filter, nothing left to collect there.
    await api.pay(cast.agentB.headers, ofB[0]?.id ?? 0, 1, {});
    const paid = await due(cast.admin.headers, '&status=paid');
    expect(paid.total).toBe(1);
    expect(paid.totals).toEqual({
      total_to_collect: 0,
      overdue: 0,
      pending: 0,
      late_charges: 0,
      open_count: 0,
      open_amount: 0,
    });
    expect((await due(cast.admin.headers, '&limit=2')).totals).toEqual({
      total_to_collect: 1225.5,
      overdue: 3,
      pending: 9,
      late_charges: 145.5,
      open_count: 9,
      open_amount: 1225.5,
    });
  });

  it("keeps each role's scope in pages and totals; a search narrows both", async () => {
    const agentA = await allPages(cast.agentA.headers, '&limit=2');
    expect(agentA.flatMap((page) => page.emis.map(keyOf))).toEqual(ofA.map((loan) => `${loan.loanCode}#1`));
    expect(agentA[0]?.total).toBe(7);
    expect(agentA[0]?.totals).toEqual(summed(agentA.flatMap((page) => page.emis)));
    const agentB = await due(cast.agentB.headers, '&status=');
    expect(agentB.emis.map((row) => row.Loan.id)).toEqual([ofB[1]?.id, ofB[2]?.id]);
    expect(agentB.totals).toEqual({
      total_to_collect: 260,
      overdue: 1,
      pending: 2,
      late_charges: 20,
      open_count: 2,
      open_amount: 260,
    });
    // Agent B cannot reach agent A's rows by starting from a cursor inside them.
    const fromInside = await due(cast.agentB.headers, `&cursor=${ofA[0]?.id}.1`);
    expect(fromInside.emis.every((row) => row.Loan.customer.name === 'Bharat Singh')).toBe(true);
    const search = await due(cast.admin.headers, `&search=${ofA[4]?.loanCode.toLowerCase()}`);
    expect(search.emis.map(keyOf)).toEqual([`${ofA[4]?.loanCode}#1`]);
    expect(search.totals).toEqual({
      total_to_collect: 195.5,
      overdue: 1,
      pending: 1,
      late_charges: 75.5,
      open_count: 1,
      open_amount: 195.5,
    });
    const byName = await due(cast.superadmin, '&search=asha');
    expect(byName.total).toBe(7);
    expect((await api.get(cast.borrower.headers, '/api/loans/emis/due?limit=2')).statusCode).toBe(403);
  });

  it.each([
    ['limit=0'],
    ['limit=201'],
    ['limit=2.5'],
    ['limit=ten'],
    ['cursor=abc'],
    ['cursor=12'],
    ['cursor=1.2.3'],
    ['cursor=-1.2'],
    ['cursor=99999999999.1'],
    ['cursor=1.3000000000'],
  ])('refuses %s with 400 and a code', async (query) => {
    const response = await api.get(cast.admin.headers, `/api/loans/emis/due?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('Payments Due export: every row of the filter, read in batches', () => {
  const adminActor = (): AuthUser => ({
    id: cast.admin.user.id,
    name: cast.admin.user.name,
    email: cast.admin.user.email,
    role: 'admin',
    roleId: cast.admin.user.roleId,
    permissions: [],
  });

  it('reads batch after batch (10 rows in batches of 3) without repeating or skipping a row', async () => {
    const filter = {
      date: DAY,
      dates: 'day' as const,
      status: 'pending' as const,
      scope: loanScopeOf(adminActor()),
    };
    const rows = [];
    for await (const row of eachDueEmi(t.db, filter, 3)) rows.push(`${row.loanCode}#${row.emi.emiNumber}`);
    const page = await due(cast.admin.headers, '&limit=200');
    expect(rows).toEqual(page.emis.map(keyOf));
    expect(rows.length).toBeGreaterThan(3);
  });

  it('writes the CSV of every row across batches, not one page', async () => {
    const { fileName, body } = createDueEmis(t.deps, { exportBatchSize: 3 }).csv(adminActor(), {
      date: DAY,
      dates: 'day',
      status: 'pending',
      search: '',
    });
    expect(fileName).toBe(`payments_due_${DAY}.csv`);
    let text = '';
    for await (const chunk of body) text += String(chunk);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const codes = lines.slice(1).map((line) => line.split(',')[1]);
    const page = await due(cast.admin.headers, '&limit=200');
    expect(codes).toEqual(page.emis.map((row) => row.Loan.loan_code));
    const http = await api.get(cast.admin.headers, `/api/loans/emis/due/export?date=${DAY}&limit=2`);
    expect(http.statusCode).toBe(200);
    expect(http.body.trim().split('\n')).toHaveLength(lines.length);
  });
});
