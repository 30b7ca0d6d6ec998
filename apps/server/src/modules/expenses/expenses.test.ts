import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../../test/support/factories';
import { auditActions, type Headers, usersTestApp } from '../../../test/support/users';
import { expenses } from '../../db/schema';

const { t, superadmin } = await usersTestApp();
const admin = await createSignedInUser(t, { role: 'admin', name: 'Anita Admin' });
const agentA = await createSignedInUser(t, { role: 'agent', name: 'Arun Agent' });
const agentB = await createSignedInUser(t, { role: 'agent', name: 'Bala Agent' });
const borrower = await createSignedInUser(t, { role: 'user' });

type Body = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: Body) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload && { payload }) });
const add = async (headers: Headers, body: Body, at: string) => {
  t.clock.set(new Date(at));
  const response = await call('POST', '/expenses', headers, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().expense as { id: number };
};
const listOf = async (headers: Headers, query = '') => {
  const response = await call('GET', `/expenses${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
/** A POST /expenses body; the amount as a number or as the text a form sends. */
const expense = (expense_name: string, reason: string, amount_paid: number | string): Body => ({
  expense_name,
  reason,
  amount_paid,
});
const namesOf = (body: { expenses: { expense_name: string }[] }) => body.expenses.map((e) => e.expense_name);

let fuelA: { id: number };
let teaB: { id: number };

// Today is 2026-11-21 (IST). 2026-10-31T19:00Z is 1 November 00:30 IST; 2026-11-20T18:45Z is 21 November 00:15 IST.
beforeAll(async () => {
  fuelA = await add(agentA.headers, expense('  Fuel ', ' Bike to Nashik ', 250.5), '2026-10-31T19:00:00Z');
  await add(agentA.headers, expense('Diesel', 'Van', '100'), '2026-10-31T18:00:00Z');
  teaB = await add(agentB.headers, expense('Tea', 'Customer visit', 20), '2026-11-20T18:45:00Z');
  await add(admin.headers, expense('Stationery', 'Receipt books', 999.99), '2026-11-21T06:00:00Z');
  t.clock.set(new Date('2026-11-21T06:30:00Z'));
});

describe('POST /api/expenses', () => {
  it('trims the texts, keeps paise, answers the row with its owner, and audits', async () => {
    const body = await listOf(agentA.headers, '?search=fuel');
    expect(body.expenses[0]).toEqual({
      id: fuelA.id,
      expense_name: 'Fuel',
      reason: 'Bike to Nashik',
      amount_paid: 250.5,
      created_at: '2026-10-31T19:00:00.000Z',
      userId: agentA.user.id,
      user_name: 'Arun Agent',
    });
    const [row] = await t.db.select().from(expenses).where(eq(expenses.id, fuelA.id));
    expect(row?.amountPaid).toBe(25_050);
    expect(await auditActions(t, fuelA.id)).toContain('expense_created');
  });

  it.each([
    [{ expense_name: ' ', reason: 'x', amount_paid: 1 }, 'All fields are required'],
    [{ expense_name: 'x', reason: 'y' }, 'All fields are required'],
    [{ expense_name: 'x', reason: 'y', amount_paid: '' }, 'All fields are required'],
    [{ expense_name: 'x', reason: 'y', amount_paid: -5 }, 'Amount must be greater than 0'],
    [{ expense_name: 'x', reason: 'y', amount_paid: 1.005 }, expect.any(String)],
    [
      { expense_name: 'a\u0000b', reason: 'y', amount_paid: 1 },
      'expense_name must not contain control characters',
    ],
  ])('refuses %j with 400', async (payload, message) => {
    const response = await call('POST', '/expenses', agentA.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });
});

describe('GET /api/expenses', () => {
  it('shows an agent only their own, whatever userId says', async () => {
    expect(namesOf(await listOf(agentA.headers))).toEqual(['Fuel', 'Diesel']);
    expect(namesOf(await listOf(agentA.headers, `?userId=${agentB.user.id}`))).toEqual(['Fuel', 'Diesel']);
  });

  it('shows admins everyone, newest first, and filters by user and search (user name too)', async () => {
    expect(namesOf(await listOf(admin.headers))).toEqual(['Stationery', 'Tea', 'Fuel', 'Diesel']);
    expect(namesOf(await listOf(superadmin, `?userId=${agentB.user.id}`))).toEqual(['Tea']);
    expect(namesOf(await listOf(admin.headers, '?search=bala'))).toEqual(['Tea']);
    expect(namesOf(await listOf(admin.headers, '?search=receipt'))).toEqual(['Stationery']);
  });

  it('reads startDate and endDate as whole days in Asia/Kolkata', async () => {
    // Diesel was 31 October 23:30 IST, Fuel 1 November 00:30 IST.
    expect(namesOf(await listOf(admin.headers, '?startDate=2026-11-01&endDate=2026-11-01'))).toEqual([
      'Fuel',
    ]);
    expect(namesOf(await listOf(admin.headers, '?endDate=2026-10-31'))).toEqual(['Diesel']);
    // Tea was 21 November 00:15 IST: today, not yesterday.
    expect(namesOf(await listOf(admin.headers, '?startDate=2026-11-21'))).toEqual(['Stationery', 'Tea']);
    // The browser's ISO start and end of an IST day mean that day.
    const iso = '?startDate=2026-10-31T18:30:00.000Z&endDate=2026-11-01T18:29:59.999Z';
    expect(namesOf(await listOf(admin.headers, iso))).toEqual(['Fuel']);
  });

  it('refuses a reversed range or a future date', async () => {
    const reversed = await call('GET', '/expenses?startDate=2026-11-10&endDate=2026-11-01', admin.headers);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('Start date cannot be after end date');
    const future = await call('GET', '/expenses?endDate=2026-11-22', admin.headers);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Dates cannot be in the future',
    });
  });

  it('totals every match of the filters, not just the page', async () => {
    const body = await listOf(admin.headers, '?limit=1&page=2');
    expect(namesOf(body)).toEqual(['Tea']);
    expect(body).toMatchObject({
      page: 2,
      totalPages: 4,
      totalExpenses: 4,
      totalAmount: 1_370.49,
      // November in IST: Fuel, Tea, Stationery.
      thisMonthAmount: 1_270.49,
      averageAmount: 342.62,
    });
    const own = await listOf(agentA.headers, '?limit=1');
    expect(own).toMatchObject({
      totalExpenses: 2,
      totalAmount: 350.5,
      thisMonthAmount: 250.5,
      totalPages: 2,
    });
  });
});

describe('PUT and DELETE /api/expenses/:id', () => {
  const edit = { expense_name: 'Tea and snacks', reason: ' Customer visit ', amount_paid: 35 };

  it("answers 404 to an agent touching another agent's expense, and changes nothing", async () => {
    const put = await call('PUT', `/expenses/${teaB.id}`, agentA.headers, edit);
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Expense not found' });
    expect((await call('DELETE', `/expenses/${teaB.id}`, agentA.headers)).statusCode).toBe(404);
    expect(namesOf(await listOf(agentB.headers))).toEqual(['Tea']);
  });

  it('lets the owner edit, with the same validation', async () => {
    const blank = await call('PUT', `/expenses/${teaB.id}`, agentB.headers, { ...edit, reason: '  ' });
    expect(blank.json().message).toBe('All fields are required');
    const response = await call('PUT', `/expenses/${teaB.id}`, agentB.headers, edit);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Expense updated successfully',
      expense: {
        expense_name: 'Tea and snacks',
        reason: 'Customer visit',
        amount_paid: 35,
        user_name: 'Bala Agent',
      },
    });
    expect(await auditActions(t, teaB.id)).toContain('expense_updated');
  });

  it("lets an admin edit and delete anyone's expense; a deleted one is gone", async () => {
    expect((await call('PUT', `/expenses/${teaB.id}`, admin.headers, edit)).statusCode).toBe(200);
    const response = await call('DELETE', `/expenses/${teaB.id}`, admin.headers);
    expect(response.json()).toEqual({ message: 'Expense deleted successfully' });
    expect(await auditActions(t, teaB.id)).toContain('expense_deleted');
    expect((await call('DELETE', `/expenses/${teaB.id}`, admin.headers)).statusCode).toBe(404);
    expect(namesOf(await listOf(agentB.headers))).toEqual([]);
  });
});

describe('who may call', () => {
  it('refuses borrowers (403) and anonymous callers (401)', async () => {
    for (const [method, url] of [
      ['GET', '/expenses'],
      ['POST', '/expenses'],
      ['PUT', `/expenses/${fuelA.id}`],
      ['DELETE', `/expenses/${fuelA.id}`],
      ['GET', '/expenses/dashboard'],
      ['GET', '/expenses/agents'],
    ] as const) {
      expect((await call(method, url, borrower.headers, {})).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, {}, {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('gives the user filter to admins only: staff but no superadmins or borrowers', async () => {
    expect((await call('GET', '/expenses/agents', agentA.headers)).statusCode).toBe(403);
    const { users } = (await call('GET', '/expenses/agents', admin.headers)).json();
    const ids = users.map((user: { id: number }) => user.id);
    expect(ids).toEqual(expect.arrayContaining([admin.user.id, agentA.user.id, agentB.user.id]));
    expect(ids).not.toContain(borrower.user.id);
    expect(users.every((user: { role: string }) => user.role.toLowerCase() !== 'superadmin')).toBe(true);
  });
});

describe('GET /api/expenses/dashboard', () => {
  it("sums the caller's reach by IST month", async () => {
    const own = (await call('GET', '/expenses/dashboard', agentA.headers)).json();
    expect(own).toEqual({
      totalExpenses: 2,
      totalAmount: 350.5,
      averageAmount: 175.25,
      thisMonthAmount: 250.5,
      thisMonthCount: 1,
      lastMonthAmount: 100,
    });
    const all = (await call('GET', '/expenses/dashboard', superadmin)).json();
    expect(all).toMatchObject({ totalExpenses: 3, thisMonthCount: 2, lastMonthAmount: 100 });
  });
});

describe('GET /api/stats/expenses/monthly', () => {
  it("answers the whole business's spending this month and last, to admins only", async () => {
    const all = (await call('GET', '/expenses/dashboard', admin.headers)).json();
    const monthly = await call('GET', '/stats/expenses/monthly', admin.headers);
    expect(monthly.statusCode).toBe(200);
    expect(monthly.json()).toEqual({ currentMonth: all.thisMonthAmount, lastMonth: 100 });
    expect((await call('GET', '/stats/expenses/monthly', agentA.headers)).statusCode).toBe(403);
    expect((await call('GET', '/stats/expenses/monthly', borrower.headers)).statusCode).toBe(403);
  });
});
