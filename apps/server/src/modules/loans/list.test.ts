import { bounceEmi, payEmi } from '@lending/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../../test/support/factories';
import { getJson, type Headers, loanTestApp } from '../../../test/support/loan-api';
import { applyToLoan, createLoan } from '../../../test/support/loans';

const { t, cast } = await loanTestApp();
const ids: Record<string, number> = {};
let codes: Record<string, string> = {};

/** Six loans: two of agent A's customer, one of agent B's, three of an unassigned customer. */
beforeAll(async () => {
  const other = await createUser(t.db, { name: 'Deepa Nair', mobile: '9000012345' });
  const made = {
    a1: await createLoan(t.db, {
      customer: cast.customerA,
      loanAmountPaise: 500_000,
      startDate: '2026-10-01',
    }),
    a2: await createLoan(t.db, {
      customer: cast.customerA,
      loanAmountPaise: 300_000,
      status: 'accepted',
      startDate: '2026-11-01',
    }),
    b1: await createLoan(t.db, {
      customer: cast.customerB,
      loanAmountPaise: 900_000,
      status: 'pending_acceptance',
    }),
    o1: await createLoan(t.db, { customer: other, loanAmountPaise: 100_000, startDate: '2026-12-15' }),
    o2: await createLoan(t.db, { customer: other, loanAmountPaise: 200_000, status: 'closed' }),
    own: await createLoan(t.db, { customer: cast.borrower.user, loanAmountPaise: 700_000 }),
  };
  for (const [name, { loan }] of Object.entries(made)) ids[name] = loan.id;
  codes = Object.fromEntries(Object.entries(made).map(([name, { loan }]) => [name, loan.loanCode]));
});

const list = async (headers: Headers, query = '') => {
  const response = await getJson(t, headers, `/api/loans${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};
const idsOf = (body: { loans: { id: number }[] }) => body.loans.map((loan) => loan.id);

describe('GET /api/loans', () => {
  it('answers every loan by loan number ascending with totals and the cards’ counts', async () => {
    const body = await list(cast.admin.headers);
    expect(idsOf(body)).toEqual([ids.a1, ids.a2, ids.b1, ids.o1, ids.o2, ids.own]);
    expect(body).toMatchObject({
      total: 6,
      totalPages: 1,
      totalAmount: 27000,
      counts: { accepted: 1, pending: 1, completed: 1 },
    });
    expect(body.loans[0]).toMatchObject({ customer_name: 'Asha Verma', loan_amount: 5000, per_day_emi: 120 });
  });

  it('pages, 20 by default', async () => {
    const body = await list(cast.admin.headers, '?limit=4&page=2');
    expect(idsOf(body)).toEqual([ids.o2, ids.own]);
    expect(body).toMatchObject({ total: 6, totalPages: 2 });
  });

  it('searches loan code, loan number, customer name and mobile ignoring case', async () => {
    expect(idsOf(await list(cast.admin.headers, `?search=${codes.b1?.toLowerCase()}`))).toEqual([ids.b1]);
    expect(idsOf(await list(cast.admin.headers, '?search=aSHA'))).toEqual([ids.a1, ids.a2]);
    expect(idsOf(await list(cast.admin.headers, '?search=900001234'))).toEqual([ids.o1, ids.o2]);
    expect((await list(cast.admin.headers, '?search=%25')).total).toBe(0);
  });

  it('filters by status, customer and a range of start dates; totals follow the filters', async () => {
    const approved = await list(cast.admin.headers, '?status=approved');
    expect(idsOf(approved)).toEqual([ids.a1, ids.o1, ids.own]);
    expect(approved.totalAmount).toBe(13000);
    expect(idsOf(await list(cast.admin.headers, `?customer_id=${cast.customerA.id}`))).toEqual([
      ids.a1,
      ids.a2,
    ]);
    const ranged = await list(cast.admin.headers, '?start_date=2026-10-01&end_date=2026-11-01');
    expect(idsOf(ranged)).toEqual([ids.a1, ids.a2]);
    expect(ranged.counts).toEqual({ accepted: 1, pending: 0, completed: 0 });
  });

  it('sorts by the clickable columns in either direction', async () => {
    expect(idsOf(await list(cast.admin.headers, '?sort_by=loan_amount&sort_direction=desc'))).toEqual([
      ids.b1,
      ids.own,
      ids.a1,
      ids.a2,
      ids.o2,
      ids.o1,
    ]);
    const byName = await list(cast.admin.headers, '?sort_by=customer_name');
    expect(byName.loans[0].customer_name).toBe('Asha Verma');
    expect(idsOf(await list(cast.admin.headers, '?sort_by=start_date&limit=1'))).toEqual([ids.a1]);
  });

  it('refuses bad queries with 400', async () => {
    for (const query of [
      '?status=lost',
      '?sort_by=password',
      '?page=0',
      '?start_date=2026-13-01',
      '?limit=1001',
      '?customer_id=99999999999',
    ]) {
      const response = await getJson(t, cast.admin.headers, `/api/loans${query}`);
      expect(response.statusCode).toBe(400);
    }
  });

  it('shows an agent only their own customers’ loans', async () => {
    const body = await list(cast.agentA.headers);
    expect(idsOf(body)).toEqual([ids.a1, ids.a2]);
    expect(body.totalAmount).toBe(8000);
    expect(idsOf(await list(cast.agentB.headers))).toEqual([ids.b1]);
    expect((await list(cast.agentB.headers, `?customer_id=${cast.customerA.id}`)).total).toBe(0);
  });

  it('refuses borrowers (they use /loans/my) and signed-out callers', async () => {
    expect((await getJson(t, cast.borrower.headers, '/api/loans')).statusCode).toBe(403);
    expect((await getJson(t, {}, '/api/loans')).statusCode).toBe(401);
  });
});

describe('GET /api/loans/{id}', () => {
  it('answers the loan with its EMIs in order', async () => {
    const response = await getJson(t, cast.admin.headers, `/api/loans/${ids.a1}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: ids.a1, loan_code: codes.a1, customer_name: 'Asha Verma' });
    expect(body.emis).toHaveLength(100);
    expect(body.emis[0]).toMatchObject({
      emi_number: 1,
      emi_date: '2026-10-01',
      due_date: '2026-10-01',
      amount: 120,
      late_charge: 0,
      status: 'pending',
      paid_at: null,
    });
    expect(body.emis.map((emi: { emi_number: number }) => emi.emi_number)).toEqual(
      Array.from({ length: 100 }, (_, index) => index + 1),
    );
  });

  it('answers 404 outside the caller’s scope: agent B cannot see agent A’s loan', async () => {
    expect((await getJson(t, cast.agentA.headers, `/api/loans/${ids.a1}`)).statusCode).toBe(200);
    const response = await getJson(t, cast.agentB.headers, `/api/loans/${ids.a1}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Loan not found');
    expect((await getJson(t, cast.admin.headers, '/api/loans/999999')).statusCode).toBe(404);
    expect((await getJson(t, cast.admin.headers, '/api/loans/abc')).statusCode).toBe(404);
    expect((await getJson(t, cast.admin.headers, '/api/loans/99999999999')).statusCode).toBe(400);
    expect((await getJson(t, cast.borrower.headers, `/api/loans/${ids.own}`)).statusCode).toBe(403);
  });
});

describe('GET /api/loans/my', () => {
  it('answers the borrower’s own loans with tenure and the next pending EMI date', async () => {
    await applyToLoan(t.db, ids.own ?? 0, (state) =>
      payEmi(state, { emiNumber: 1, paymentType: 'full', today: '2026-11-21' }),
    );
    const response = await getJson(t, cast.borrower.headers, '/api/loans/my');
    expect(response.statusCode).toBe(200);
    const loans = response.json();
    expect(Array.isArray(loans)).toBe(true);
    expect(loans).toHaveLength(1);
    // Today is 2026-11-21 (the test clock); EMI 1 of that day is paid, so the next is EMI 2.
    expect(loans[0]).toMatchObject({
      id: ids.own,
      tenure: 100,
      total_emi_days: 100,
      next_emi_date: '2026-11-22',
    });
    expect((await getJson(t, cast.agentA.headers, '/api/loans/my')).json()).toEqual([]);
  });

  it('answers one own loan with its EMIs; anyone else’s is 404', async () => {
    const mine = await getJson(t, cast.borrower.headers, `/api/loans/my/${ids.own}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().loan.id).toBe(ids.own);
    expect(mine.json().emis).toHaveLength(100);
    expect((await getJson(t, cast.borrower.headers, `/api/loans/my/${ids.a1}`)).statusCode).toBe(404);
    expect((await getJson(t, {}, '/api/loans/my')).statusCode).toBe(401);
  });

  it('keeps each borrower to their own loans, and marks the current bounced EMI', async () => {
    await applyToLoan(t.db, ids.own ?? 0, (state) =>
      bounceEmi(state, { emiNumber: 2, charge: 0, reason: 'Payment failed', today: '2026-11-22' }),
    );
    const mine = await getJson(t, cast.borrower.headers, `/api/loans/my/${ids.own}`);
    expect(
      mine
        .json()
        .emis.slice(0, 3)
        .map((emi: { status: string; is_current_bounce: boolean }) => [emi.status, emi.is_current_bounce]),
    ).toEqual([
      ['paid', false],
      ['bounced', true],
      ['pending', false],
    ]);
    const stranger = await createSignedInUser(t, { name: 'Esha Iyer' });
    const { loan } = await createLoan(t.db, { customer: stranger.user });
    const theirs = await getJson(t, stranger.headers, '/api/loans/my');
    expect(theirs.json().map((row: { id: number }) => row.id)).toEqual([loan.id]);
    expect((await getJson(t, stranger.headers, `/api/loans/my/${ids.own}`)).statusCode).toBe(404);
    expect((await getJson(t, cast.borrower.headers, `/api/loans/my/${loan.id}`)).statusCode).toBe(404);
    expect((await getJson(t, cast.borrower.headers, '/api/loans/my')).json()).toHaveLength(1);
  });
});
