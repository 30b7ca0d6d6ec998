import { sampleLoanPayment } from '@lending/domain/testing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { novemberDay as at, okBody as ok, rewriteLoanOfA } from '../../../test/support/books';
import { emiTestApp, pdfTextRuns, receiptValues } from '../../../test/support/emi-api';
import { createLoan } from '../../../test/support/loans';
import { emiPayments, type LoanRow } from '../../db/schema';

const { t, cast, api } = await emiTestApp();
const pdfUrl = (paymentId: number | string) => `/api/emi/receipt/payment/${paymentId}/pdf`;
const paymentsOf = (loanId: number) =>
  t.db.select().from(emiPayments).where(eq(emiPayments.loanId, loanId)).orderBy(emiPayments.id);

let agents: LoanRow;
let borrowers: LoanRow;
let firstPayment: number;
let borrowersPayment: number;

/**
 * Agent A collects EMI 1 of their customer's loan on the 19th; the admin then rewrites the loan (its
 * EMI 1 is replaced). The admin collects EMI 1 of the borrower's own loan on the 20th.
 */
beforeAll(async () => {
  agents = (await createLoan(t.db, { customer: cast.customerA, startDate: '2026-11-19', totalEmiDays: 10 }))
    .loan;
  borrowers = (await createLoan(t.db, { customer: cast.borrower.user, startDate: '2026-11-20' })).loan;
  t.clock.set(at(19));
  ok(await api.pay(cast.agentA.headers, agents.id, 1, { payment_mode: 'upi' }));
  t.clock.set(at(20));
  ok(await api.pay(cast.admin.headers, borrowers.id, 1, {}));
  await rewriteLoanOfA(t, cast, agents.id, {
    loan_amount: '1000',
    per_day_emi: '150',
    total_emi_days: '10',
    start_date: '2026-11-19',
  });
  firstPayment = (await paymentsOf(agents.id))[0]?.id ?? 0;
  borrowersPayment = (await paymentsOf(borrowers.id))[0]?.id ?? 0;
});

describe('GET /api/emi/receipt/payment/{paymentId}/pdf', () => {
  it('answers the receipt of a payment made before a rewrite as an inline PDF of what was collected that day', async () => {
    const response = await api.get(cast.agentA.headers, pdfUrl(firstPayment));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="receipt_${agents.loanCode}_EMI_1_payment_${firstPayment}.pdf"`,
    );
    const runs = pdfTextRuns(response.rawPayload);
    const expected = {
      'EMI number': '1',
      'Payment date': '19-11-2026',
      'Payment mode': 'UPI',
      'Collected by': cast.agentA.user.name,
      // The EMI as the payment left it (₹120), not the rewritten schedule's ₹150.
      'EMI amount': '₹120.00',
      'Amount collected': '₹120.00',
    };
    expect(receiptValues(runs, Object.keys(expected))).toEqual(expected);
  });

  it('serves admins everything, agents their own customers’ and borrowers their own loans’ payments', async () => {
    for (const [headers, paymentId] of [
      [cast.admin.headers, firstPayment],
      [cast.superadmin, borrowersPayment],
      [cast.borrower.headers, borrowersPayment],
    ] as const) {
      const response = await api.get(headers, pdfUrl(paymentId));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
    }
  });

  it('answers 404 outside the caller’s scope, for unknown payments and non-numeric ids, 400 for an id out of range, 401 signed out', async () => {
    for (const [headers, paymentId] of [
      [cast.agentB.headers, firstPayment],
      [cast.agentA.headers, borrowersPayment],
      [cast.borrower.headers, firstPayment],
      [cast.admin.headers, 999_999_999],
    ] as const) {
      const response = await api.get(headers, pdfUrl(paymentId));
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await api.get(cast.admin.headers, pdfUrl('x'))).statusCode).toBe(404);
    expect((await api.get(cast.admin.headers, pdfUrl('99999999999999999999'))).statusCode).toBe(400);
    expect((await api.get({}, pdfUrl(firstPayment))).statusCode).toBe(401);
  });
});

describe('GET /api/loans/{loanId}/payments', () => {
  it('lists every payment record, newest first, with its receipt id, also once its EMI was replaced', async () => {
    t.clock.set(at(20));
    ok(await api.pay(cast.agentA.headers, agents.id, 1, { payment_mode: 'cash' }));
    const response = await api.get(cast.agentA.headers, `/api/loans/${agents.id}/payments`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ count: 2, page: 1, totalPages: 1 });
    // The sample row is this book's first payment: EMI 1, ₹120 by UPI on the 19th at 10:00 IST.
    expect(body.results[1]).toEqual(
      sampleLoanPayment({
        payment_id: firstPayment,
        emi_replaced: true,
        collected_by: cast.agentA.user.name,
      }),
    );
    expect(body.results[0]).toMatchObject({ emi_number: 1, emi_replaced: false, amount_collected: 150 });
    const paged = (
      await api.get(cast.admin.headers, `/api/loans/${agents.id}/payments?limit=1&page=2`)
    ).json();
    expect(paged).toMatchObject({ count: 2, totalPages: 2, results: [{ payment_id: firstPayment }] });
  });

  it('answers 404 outside the caller’s scope and 400 for bad paging', async () => {
    expect((await api.get(cast.agentB.headers, `/api/loans/${agents.id}/payments`)).statusCode).toBe(404);
    expect((await api.get(cast.borrower.headers, `/api/loans/${agents.id}/payments`)).statusCode).toBe(404);
    expect((await api.get(cast.borrower.headers, `/api/loans/${borrowers.id}/payments`)).statusCode).toBe(
      200,
    );
    expect((await api.get(cast.admin.headers, `/api/loans/${agents.id}/payments?limit=101`)).statusCode).toBe(
      400,
    );
  });
});
