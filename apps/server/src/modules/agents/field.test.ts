import { bounceEmi, NOTHING_OVERDUE_MESSAGE } from '@lending/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBalanced, loanAuditActions } from '../../../test/support/emi-api';
import { createUser } from '../../../test/support/factories';
import type { Headers } from '../../../test/support/loan-api';
import { loanTestApp } from '../../../test/support/loan-api';
import { applyToLoan, createLoan, loanRow } from '../../../test/support/loans';
import { creditEvents, emiPayments, type LoanRow } from '../../db/schema';

const { t, cast } = await loanTestApp();
let zoya: Awaited<ReturnType<typeof createUser>>;
let loanA1: LoanRow;
let loanA2: LoanRow;
let loanB1: LoanRow;

const bounced =
  (emiNumber: number, charge: number, today: string) => (state: Parameters<typeof bounceEmi>[0]) =>
    bounceEmi(state, { emiNumber, charge, reason: 'Insufficient funds', today });

/**
 * Today is 2026-11-21 (IST). Agent A's loans: A1 from 11-18 (EMIs 1–3 overdue, EMI 2 bounced with
 * ₹50), A2 of Zoya from 11-20 (EMI 1 overdue). Agent B's: B1 from 11-19 (EMIs 1–2 overdue). A
 * processing loan with old EMIs is never listed.
 */
beforeAll(async () => {
  zoya = await createUser(t.db, { name: 'Zoya Khan', mobile: '9123456780', agentId: cast.agentA.user.id });
  loanA1 = (await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-18', totalEmiDays: 10 }))
    .loan;
  loanB1 = (await createLoan(t.db, { customer: cast.customerB, startDate: '2026-11-19', totalEmiDays: 10 }))
    .loan;
  loanA2 = (await createLoan(t.db, { customer: zoya, startDate: '2026-11-20', totalEmiDays: 10 })).loan;
  await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-01', status: 'processing' });
  await applyToLoan(t.db, loanA1.id, bounced(2, 5_000, '2026-11-19'));
});

const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
type Row = { loan_code: string; emi_number: number };
const rowsOf = async (headers: Headers, url: string) => {
  const response = await get(headers, url);
  expect(response.statusCode).toBe(200);
  return (response.json().results as Row[]).map((row) => `${row.loan_code}#${row.emi_number}`);
};
const at = (loan: LoanRow, ...numbers: number[]) => numbers.map((n) => `${loan.loanCode}#${n}`);

describe('GET /api/loans/dashboard/agent (overdue EMIs)', () => {
  it('lists open EMIs dated before today of approved loans, loan by loan, overdue longest first', async () => {
    const response = await get(cast.admin.headers, '/api/loans/dashboard/agent');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalCount).toBe(6);
    expect(body.results.map((row: Row) => `${row.loan_code}#${row.emi_number}`)).toEqual([
      ...at(loanA1, 1, 2, 3),
      ...at(loanB1, 1, 2),
      ...at(loanA2, 1),
    ]);
    expect(body.results[1]).toEqual({
      loan_id: loanA1.id,
      loan_code: loanA1.loanCode,
      customer_id: cast.customerA.id,
      customer_name: 'Asha Verma',
      customer_mobile: cast.customerA.mobile,
      emi_number: 2,
      emi_date: '2026-11-19',
      status: 'bounced',
      amount: 120,
      late_charge: 50,
    });
    const page2 = await get(cast.admin.headers, '/api/loans/dashboard/agent?page=2&limit=2');
    expect(page2.json().totalCount).toBe(6);
    expect(page2.json().results.map((row: Row) => `${row.loan_code}#${row.emi_number}`)).toEqual([
      ...at(loanA1, 3),
      ...at(loanB1, 1),
    ]);
  });

  it('answers the cards over every match, not the page: count, loans and Σ amount + late charge', async () => {
    // Six EMIs of ₹120 on three loans, one with a ₹50 charge: ₹770, whatever page of 2 is asked for.
    const page = (await get(cast.admin.headers, '/api/loans/dashboard/agent?page=3&limit=2')).json();
    expect(page.results).toHaveLength(2);
    expect(page).toMatchObject({ totalCount: 6, overdueLoans: 3, totalDue: 770 });
    const ofA = (await get(cast.agentA.headers, '/api/loans/dashboard/agent?limit=1')).json();
    expect(ofA).toMatchObject({ totalCount: 4, overdueLoans: 2, totalDue: 530 });
    const searched = (
      await get(cast.admin.headers, `/api/loans/dashboard/agent?search=${loanB1.loanCode}`)
    ).json();
    expect(searched).toMatchObject({ totalCount: 2, overdueLoans: 1, totalDue: 240 });
  });

  it("shows an agent only their own customers' EMIs, whatever agentId or customerId they send", async () => {
    const own = [...at(loanA1, 1, 2, 3), ...at(loanA2, 1)];
    expect(await rowsOf(cast.agentA.headers, '/api/loans/dashboard/agent')).toEqual(own);
    expect(
      await rowsOf(cast.agentA.headers, `/api/loans/dashboard/agent?agentId=${cast.agentB.user.id}`),
    ).toEqual(own);
    expect(await rowsOf(cast.agentB.headers, '/api/loans/dashboard/agent')).toEqual(at(loanB1, 1, 2));
    expect(
      await rowsOf(cast.agentB.headers, `/api/loans/dashboard/agent?customerId=${cast.customerA.id}`),
    ).toEqual([]);
    expect(
      await rowsOf(
        cast.admin.headers,
        `/api/loans/dashboard/agent?agentId=${cast.agentB.user.id}&customerId=`,
      ),
    ).toEqual(at(loanB1, 1, 2));
    expect(
      await rowsOf(cast.superadmin, `/api/loans/dashboard/agent?customerId=${cast.customerA.id}`),
    ).toEqual(at(loanA1, 1, 2, 3));
  });

  it('searches customer name, mobile and loan code; refuses bad input and borrowers', async () => {
    expect(await rowsOf(cast.agentA.headers, '/api/loans/dashboard/agent?search=ZOYA')).toEqual(
      at(loanA2, 1),
    );
    expect(await rowsOf(cast.agentA.headers, '/api/loans/dashboard/agent?search=9123456')).toEqual(
      at(loanA2, 1),
    );
    expect(
      await rowsOf(cast.admin.headers, `/api/loans/dashboard/agent?search=${loanB1.loanCode.toLowerCase()}`),
    ).toEqual(at(loanB1, 1, 2));
    expect(await rowsOf(cast.agentB.headers, '/api/loans/dashboard/agent?search=zoya')).toEqual([]);
    const refusals = [
      ['limit=1001', 'limit', 'limit must be between 1 and 1000'],
      ['limit=5000', 'limit', 'limit must be between 1 and 1000'],
      ['page=0', 'page', 'page must be a positive integer'],
      ['customerId=abc', 'customerId', 'Invalid customer'],
      ['agentId=-1', 'agentId', 'Invalid agent'],
    ] as const;
    for (const [query, param, msg] of refusals) {
      const refused = await get(cast.admin.headers, `/api/loans/dashboard/agent?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().errors, query).toContainEqual(expect.objectContaining({ param, msg }));
    }
    expect((await get(cast.borrower.headers, '/api/loans/dashboard/agent')).statusCode).toBe(403);
    expect((await get(cast.borrower.headers, '/api/loans/dashboard/agent/upcoming')).statusCode).toBe(403);
    expect((await get({}, '/api/loans/dashboard/agent')).statusCode).toBe(401);
  });

  it('moves the boundary at midnight in Asia/Kolkata: an EMI dated today is overdue tomorrow', async () => {
    const url = `/api/loans/dashboard/agent?search=${loanA1.loanCode}`;
    try {
      // (Moving the clock back keeps the test sessions valid.)
      t.clock.set(new Date('2026-11-20T18:29:59Z')); // 23:59:59 IST on the 20th
      expect(await rowsOf(cast.agentA.headers, url)).toEqual(at(loanA1, 1, 2));
      t.clock.set(new Date('2026-11-20T18:30:00Z')); // 00:00 IST on the 21st
      expect(await rowsOf(cast.agentA.headers, url)).toEqual(at(loanA1, 1, 2, 3));
    } finally {
      t.clock.set(new Date('2026-11-21T06:30:00Z'));
    }
  });
});

describe('GET /api/loans/dashboard/agent/upcoming', () => {
  it('lists pending EMIs dated today and the next days − 1 days, by date; agents their own only', async () => {
    expect(await rowsOf(cast.agentA.headers, '/api/loans/dashboard/agent/upcoming')).toEqual([
      ...at(loanA1, 4),
      ...at(loanA2, 2),
      ...at(loanA1, 5),
      ...at(loanA2, 3),
      ...at(loanA1, 6),
      ...at(loanA2, 4),
    ]);
    const response = await get(cast.agentB.headers, '/api/loans/dashboard/agent/upcoming?days=1');
    expect(response.json().results).toEqual([
      {
        loan_id: loanB1.id,
        loan_code: loanB1.loanCode,
        customer_name: 'Bharat Singh',
        customer_mobile: cast.customerB.mobile,
        emi_number: 3,
        emi_date: '2026-11-21',
        amount: 120,
      },
    ]);
    expect(
      await rowsOf(
        cast.agentB.headers,
        `/api/loans/dashboard/agent/upcoming?days=1&agentId=${cast.agentA.user.id}`,
      ),
    ).toEqual(at(loanB1, 3));
    expect(
      await rowsOf(
        cast.admin.headers,
        `/api/loans/dashboard/agent/upcoming?days=1&agentId=${cast.agentA.user.id}`,
      ),
    ).toEqual([...at(loanA1, 4), ...at(loanA2, 2)]);
    try {
      t.clock.set(new Date('2026-11-20T18:29:59Z')); // 23:59:59 IST on the 20th
      expect(await rowsOf(cast.agentB.headers, '/api/loans/dashboard/agent/upcoming?days=2')).toEqual(
        at(loanB1, 2, 3),
      );
      t.clock.set(new Date('2026-11-20T18:30:00Z')); // 00:00 IST on the 21st: the window moves a day
      expect(await rowsOf(cast.agentB.headers, '/api/loans/dashboard/agent/upcoming?days=2')).toEqual(
        at(loanB1, 3, 4),
      );
    } finally {
      t.clock.set(new Date('2026-11-21T06:30:00Z'));
    }
    for (const days of ['0', '32', 'x'])
      expect(
        (await get(cast.admin.headers, `/api/loans/dashboard/agent/upcoming?days=${days}`)).statusCode,
      ).toBe(400);
  });
});

const payOverdue = (headers: Headers, body: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/emis/pay-overdue',
    headers: key ? { ...headers, 'idempotency-key': key } : headers,
    payload: body,
  });
const paymentsOf = (loanId: number) => t.db.select().from(emiPayments).where(eq(emiPayments.loanId, loanId));

describe('POST /api/emis/pay-overdue', () => {
  it('pays every overdue EMI oldest first with the late charge on the oldest, as /emi/pay would, once', async () => {
    // EMIs 1–4 (11-17 … 11-20) overdue; EMI 2 bounced with ₹30.
    const { loan } = await createLoan(t.db, { customer: zoya, startDate: '2026-11-17', totalEmiDays: 10 });
    await applyToLoan(t.db, loan.id, bounced(2, 3_000, '2026-11-18'));
    const body = { loan_id: loan.id, payment_mode: 'upi', late_charge_amount: 25 };
    const response = await payOverdue(cast.agentA.headers, body, `collect-${loan.id}`);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ message: '4 overdue EMIs collected: ₹535.', total_collected: 535 });
    expect(
      answer.receipts.map((r: Record<string, unknown>) => [
        r.emi_number,
        r.amount_collected,
        r.late_charge_levied,
        r.payment_type,
        r.payment_mode,
        r.collected_by,
      ]),
    ).toEqual([
      [1, 145, 25, 'full', 'upi', cast.agentA.user.name],
      [2, 150, 0, 'full', 'upi', cast.agentA.user.name],
      [3, 120, 0, 'full', 'upi', cast.agentA.user.name],
      [4, 120, 0, 'full', 'upi', cast.agentA.user.name],
    ]);
    expect(answer.receipts[0]).toMatchObject({ loan_code: loan.loanCode, customer_name: 'Zoya Khan' });

    const { totals, emis } = await expectBalanced(t, loan.id);
    expect(totals.collected).toBe(53_500);
    expect(emis.map((emi) => emi.status).slice(0, 5)).toEqual(['paid', 'paid', 'paid', 'paid', 'pending']);
    expect(
      (await paymentsOf(loan.id)).map((p) => [
        p.emiNumber,
        p.amount,
        p.lateChargeLevied,
        p.paymentMode,
        p.collectedBy,
      ]),
    ).toEqual([
      [1, 14_500, 2_500, 'upi', cast.agentA.user.id],
      [2, 15_000, 0, 'upi', cast.agentA.user.id],
      [3, 12_000, 0, 'upi', cast.agentA.user.id],
      [4, 12_000, 0, 'upi', cast.agentA.user.id],
    ]);
    expect(await loanAuditActions(t, loan.id)).toEqual(['emi_paid', 'emi_paid', 'emi_paid', 'emi_paid']);
    const events = await t.db.select().from(creditEvents).where(eq(creditEvents.loanId, loan.id));
    expect(events.filter((event) => event.eventType === 'EMI_PAID_LATE').map((e) => e.emiNumber)).toEqual([
      1, 2, 3, 4,
    ]);
    expect(await rowsOf(cast.agentA.headers, `/api/loans/dashboard/agent?search=${loan.loanCode}`)).toEqual(
      [],
    );

    const replay = await payOverdue(cast.agentA.headers, body, `collect-${loan.id}`);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(answer);
    expect(await paymentsOf(loan.id)).toHaveLength(4);

    const again = await payOverdue(cast.agentA.headers, body, `collect-again-${loan.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOTHING_OVERDUE_MESSAGE);
    expect((await expectBalanced(t, loan.id)).totals.collected).toBe(53_500);
  });

  it('lets one of two collects sent at once through; the other finds nothing overdue', async () => {
    const { loan } = await createLoan(t.db, {
      customer: cast.customerB,
      startDate: '2026-11-18',
      totalEmiDays: 10,
    });
    const answers = await Promise.all([
      payOverdue(cast.agentB.headers, { loan_id: loan.id }),
      payOverdue(cast.admin.headers, { loan_id: loan.id, payment_mode: 'cash' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await paymentsOf(loan.id)).toHaveLength(3);
    expect((await expectBalanced(t, loan.id)).totals.collected).toBe(36_000);
  });

  it('closes a loan whose overdue EMIs were all that was left', async () => {
    const { loan } = await createLoan(t.db, {
      customer: cast.customerB,
      startDate: '2026-11-15',
      totalEmiDays: 3,
    });
    const response = await payOverdue(cast.superadmin, { loan_id: loan.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('3 overdue EMIs collected: ₹360.');
    expect((await loanRow(t.db, loan.id)).status).toBe('closed');
    expect((await loanAuditActions(t, loan.id)).at(-1)).toBe('loan_closed');
    expect((await payOverdue(cast.superadmin, { loan_id: loan.id })).statusCode).toBe(409);
  });

  it("keeps agents to their own customers' loans and refuses bad input", async () => {
    expect((await payOverdue(cast.agentB.headers, { loan_id: loanA1.id })).statusCode).toBe(404);
    expect((await payOverdue(cast.agentA.headers, { loan_id: 999_999 })).statusCode).toBe(404);
    expect((await payOverdue(cast.borrower.headers, { loan_id: loanA1.id })).statusCode).toBe(403);
    for (const body of [
      {},
      { loan_id: 'abc' },
      { loan_id: loanA1.id, payment_mode: 'bitcoin' },
      { loan_id: loanA1.id, late_charge_amount: -5 },
      { loan_id: loanA1.id, late_charge_amount: 1.234 },
    ]) {
      const refused = await payOverdue(cast.agentA.headers, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual(expect.any(Array));
    }
    const processing = await createLoan(t.db, {
      customer: zoya,
      startDate: '2026-11-10',
      status: 'processing',
    });
    expect((await payOverdue(cast.agentA.headers, { loan_id: processing.loan.id })).statusCode).toBe(409);
    // Nothing moved on A1 through any of these.
    expect(await paymentsOf(loanA1.id)).toEqual([]);
  });
});

describe('the EMI view', () => {
  it('marks the current bounced EMI, and only it', async () => {
    const response = await get(cast.agentA.headers, `/api/loans/${loanA1.id}`);
    const flags = response
      .json()
      .emis.slice(0, 4)
      .map((emi: { is_current_bounce: boolean }) => emi.is_current_bounce);
    expect(flags).toEqual([false, true, false, false]);
  });
});
