import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  emiTestApp,
  loanAuditActions,
  pdfPageCount,
  pdfTextRuns,
  receiptValue,
  receiptValues,
} from '../../../test/support/emi-api';
import { createLoan, listEmis } from '../../../test/support/loans';
import { creditEvents, emiPayments } from '../../db/schema';

const { t, cast, api } = await emiTestApp();

describe('GET /api/emi/receipt/{loanId}/{emiNumber}(/pdf)', () => {
  it('renders a one-page PDF receipt with the amounts read back from the ledger', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 10 });
    await api.pay(cast.agentA.headers, loan.id, 1, {});
    const paid = await api.pay(cast.agentA.headers, loan.id, 2, {
      payment_type: 'partial',
      payment_amount: 99.5,
      payment_mode: 'upi',
      late_charge_amount: 3,
    });
    expect(paid.json().message).toBe('Partial payment of ₹99.50 received. Remaining balance: ₹20.50.');

    const pdf = await api.get(cast.admin.headers, `/api/emi/receipt/${loan.id}/2/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="receipt_${loan.loanCode}_EMI_2.pdf"`);
    const body = pdf.rawPayload;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.subarray(-6).toString()).toMatch(/%%EOF/);
    expect(pdfPageCount(body)).toBe(1);
    const runs = pdfTextRuns(body);
    expect(runs.slice(0, 2)).toEqual(['Daily-EMI Lending', 'Payment Receipt']);
    const expected = {
      Customer: 'Asha Verma',
      'Loan code': `${loan.loanCode} (loan #${loan.loanNumber})`,
      'EMI number': '2',
      'Due date': '22-11-2026',
      'Payment date': '21-11-2026',
      'Recorded at': '21-11-2026 12:00 IST',
      'Payment type': 'Partial payment',
      'Payment mode': 'UPI',
      'Collected by': cast.agentA.user.name,
      'EMI amount': '₹120.00',
      'Late charge': '₹3.00',
      '  of which levied at collection': '₹3.00',
      'Partial amount': '₹99.50',
      'Partial charge (10%)': '₹2.00',
      'Remaining balance': '₹20.50',
      'Carried to EMI 3': '₹25.50',
      'Amount collected': '₹99.50',
    };
    expect(receiptValues(runs, Object.keys(expected))).toEqual(expected);

    const data = await api.get(cast.agentA.headers, `/api/emi/receipt/${loan.id}/2`);
    expect(data.statusCode).toBe(200);
    expect(data.json().receipt).toEqual(paid.json().receipt);

    const fullPdf = await api.get(cast.admin.headers, `/api/emi/receipt/${loan.id}/1/pdf`);
    const fullRuns = pdfTextRuns(fullPdf.rawPayload);
    expect(receiptValue(fullRuns, 'Payment type')).toBe('Full payment');
    expect(receiptValue(fullRuns, 'Amount collected')).toBe('₹120.00');
    expect(fullRuns).not.toContain('Partial amount');
  });

  it('exists only for paid and partial EMIs within the caller’s scope', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 });
    const own = await createLoan(t.db, { customer: cast.borrower.user, totalEmiDays: 5 });
    await api.pay(cast.admin.headers, loan.id, 1, {});
    await api.bounce(cast.admin.headers, loan.id, 2, {});
    await api.pay(cast.admin.headers, own.loan.id, 1, {});
    const at = (n: number, suffix = '/pdf') => `/api/emi/receipt/${loan.id}/${n}${suffix}`;
    const pending = await api.get(cast.admin.headers, at(3));
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('EMI 3 is pending: only paid or partially paid EMIs have a receipt.');
    expect((await api.get(cast.admin.headers, at(2, ''))).statusCode).toBe(409);
    expect((await api.get(cast.admin.headers, at(9))).statusCode).toBe(404);
    expect((await api.get(cast.agentB.headers, at(1))).statusCode).toBe(404);
    expect((await api.get(cast.borrower.headers, at(1))).statusCode).toBe(404);
    expect((await api.get(cast.borrower.headers, `/api/emi/receipt/${own.loan.id}/1/pdf`)).statusCode).toBe(
      200,
    );
    expect((await api.get({}, at(1))).statusCode).toBe(401);
  });
});

const updateDate = (query: Record<string, string | number>) =>
  api.get(
    cast.admin.headers,
    `/api/loans/update-payment-date?${new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    )}`,
  );

describe('GET and POST /api/loans/update-payment-date', () => {
  it('moves a payment’s date, its record and its credit event (late ⇄ on time), with an audit row', async () => {
    const { loan } = await createLoan(t.db, {
      customer: cast.customerA,
      totalEmiDays: 10,
      startDate: '2026-11-15',
    });
    await api.pay(cast.admin.headers, loan.id, 1, {});
    const [emi1] = await listEmis(t.db, loan.id);
    const event = () =>
      t.db
        .select()
        .from(creditEvents)
        .where(and(eq(creditEvents.loanId, loan.id), eq(creditEvents.emiNumber, 1)));
    expect((await event())[0]?.eventType).toBe('EMI_PAID_LATE');

    const byId = await updateDate({ loanId: loan.id, emiKey: emi1?.id ?? 0, payment_date: '2026-11-14' });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({
      message: 'Payment date updated successfully',
      emi: { emi_number: 1, payment_date: '2026-11-14', status: 'paid' },
    });
    expect((await event())[0]).toMatchObject({ eventType: 'EMI_PAID_ON_TIME', eventDate: '2026-11-14' });
    const [record] = await t.db.select().from(emiPayments).where(eq(emiPayments.loanId, loan.id));
    expect(record?.paymentDate).toBe('2026-11-14');
    const receipt = await api.get(cast.admin.headers, `/api/emi/receipt/${loan.id}/1`);
    expect(receipt.json().receipt.payment_date).toBe('2026-11-14');

    const byNumber = await t.app.inject({
      method: 'POST',
      url: '/api/loans/update-payment-date',
      headers: cast.superadmin,
      payload: { loanId: loan.id, emiKey: 1, payment_date: '2026-11-16' },
    });
    expect(byNumber.statusCode).toBe(200);
    expect((await event())[0]).toMatchObject({ eventType: 'EMI_PAID_LATE', eventDate: '2026-11-16' });
    expect(await loanAuditActions(t, loan.id)).toEqual([
      'emi_paid',
      'emi_payment_date_updated',
      'emi_payment_date_updated',
    ]);
  });

  it('refuses with the spec’s messages, unpaid EMIs, future dates and closed loans', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 5 });
    await api.pay(cast.admin.headers, loan.id, 1, {});
    const refusal = async (query: Record<string, string | number>, status: number, message: string) => {
      const response = await updateDate(query);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toBe(message);
    };
    await refusal({ loanId: loan.id, emiKey: 1 }, 400, 'Please select a payment date');
    await refusal({ loanId: loan.id, emiKey: 1, payment_date: '' }, 400, 'Please select a payment date');
    await refusal(
      { loanId: loan.id, emiKey: 1, payment_date: '21/11/2026' },
      400,
      'Please select a valid date',
    );
    await refusal(
      { loanId: loan.id, emiKey: 1, payment_date: '2026-02-30' },
      400,
      'Please select a valid date',
    );
    await refusal(
      { loanId: loan.id, emiKey: 1, payment_date: '2026-11-22' },
      400,
      'Payment date cannot be in the future',
    );
    await refusal({ emiKey: 1, payment_date: '2026-11-20' }, 400, 'Loan ID is missing');
    await refusal(
      { loanId: loan.id, emiKey: 2, payment_date: '2026-11-20' },
      409,
      'EMI 2 is pending: only a paid or partially paid EMI has a payment date.',
    );
    await refusal({ loanId: loan.id, emiKey: 99, payment_date: '2026-11-20' }, 404, 'EMI not found');
    await refusal({ loanId: 987_654, emiKey: 1, payment_date: '2026-11-20' }, 404, 'Loan not found');
    const closed = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 1 });
    await api.pay(cast.admin.headers, closed.loan.id, 1, {});
    await refusal(
      { loanId: closed.loan.id, emiKey: 1, payment_date: '2026-11-20' },
      409,
      'This loan is closed; its payment dates can no longer change.',
    );
  });
});
