import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emiTestApp, expectBalanced, loanAuditActions } from '../../../test/support/emi-api';
import { createLoan, loanRow } from '../../../test/support/loans';
import { creditEvents } from '../../db/schema';

const { t, cast, api } = await emiTestApp();

describe('refusals say why and change nothing', () => {
  it('answers 409 for every state rule and 400/404 for bad input', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 3 });
    const admin = cast.admin.headers;
    const before = await expectBalanced(t, loan.id);
    await api.pay(admin, loan.id, 1, {});
    const expectRefusal = async (
      response: { statusCode: number; json: () => { code: string; message: string } },
      status: number,
      message: RegExp,
      code?: string,
    ) => {
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toMatch(message);
      if (code !== undefined) expect(response.json().code).toBe(code);
    };
    await expectRefusal(
      await api.pay(admin, loan.id, 1, {}),
      409,
      /EMI 1 is already paid/,
      'EMI_ALREADY_PAID',
    );
    await expectRefusal(
      await api.bounce(admin, loan.id, 1, {}),
      409,
      /EMI 1 is already paid/,
      'EMI_ALREADY_PAID',
    );
    await api.bounce(admin, loan.id, 3, { late_charges: 10 });
    await expectRefusal(
      await api.pay(admin, loan.id, 3, { payment_type: 'partial', payment_amount: 10 }),
      409,
      /EMI 3 bounced; it can be paid only in full or EMI-only/,
      'PARTIAL_ON_BOUNCED',
    );
    await expectRefusal(
      await api.pay(admin, loan.id, 3, { payment_type: 'emi_only' }),
      409,
      /No open EMI follows EMI 3/,
      'CARRY_FROM_LAST_EMI',
    );
    await expectRefusal(
      await api.pay(admin, loan.id, 2, { payment_type: 'partial', payment_amount: 120.01 }),
      400,
      /at most the EMI amount, ₹120.00/,
      'PARTIAL_AMOUNT_OUT_OF_RANGE',
    );
    await expectRefusal(await api.pay(admin, loan.id, 9, {}), 404, /EMI 9 does not exist/, 'EMI_NOT_FOUND');
    await expectRefusal(await api.pay(admin, 987_654, 1, {}), 404, /Loan not found/, 'NOT_FOUND');
    await expectRefusal(
      await api.pay(admin, loan.id, 2, { payment_mode: 'gold' }),
      400,
      /Unknown payment mode/,
      'VALIDATION_FAILED',
    );
    await expectRefusal(await api.pay(admin, loan.id, 2, { payment_amount: 'ten' }), 400, /number/);
    await expectRefusal(await api.pay(admin, loan.id, 2, { payment_amount: 1.234 }), 400, /2 decimals/);
    await expectRefusal(
      await api.pay(admin, loan.id, 2, { loan_id: loan.id + 1 }),
      400,
      /loan_id does not match/,
      'BODY_PATH_MISMATCH',
    );
    await expectRefusal(
      await api.bounce(admin, loan.id, 2, { late_charges: -5 }),
      400,
      /negative/,
      'VALIDATION_FAILED',
    );
    // An EMI "number" that is no number is no such path (id parameters match digits only).
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/emi/pay/${loan.id}/x`, headers: admin, payload: {} }))
        .statusCode,
    ).toBe(404);

    const pending = await createLoan(t.db, {
      customer: cast.customerA,
      status: 'processing',
      totalEmiDays: 2,
    });
    await expectRefusal(
      await api.pay(admin, pending.loan.id, 1, {}),
      409,
      /only on approved loans/,
      'LOAN_NOT_APPROVED',
    );
    const closed = await createLoan(t.db, { customer: cast.customerA, status: 'closed', totalEmiDays: 2 });
    await expectRefusal(
      await api.bounce(admin, closed.loan.id, 1, {}),
      409,
      /This loan is closed/,
      'LOAN_TERMINAL',
    );
    const after = await expectBalanced(t, loan.id);
    expect(after.entries.length).toBe(before.entries.length + 2);
  });

  it('closes the loan itself when the last open EMI is paid', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 2 });
    await api.pay(cast.admin.headers, loan.id, 1, {});
    expect((await loanRow(t.db, loan.id)).status).toBe('approved');
    await api.pay(cast.admin.headers, loan.id, 2, {});
    expect((await loanRow(t.db, loan.id)).status).toBe('closed');
    expect(await loanAuditActions(t, loan.id)).toEqual(['emi_paid', 'emi_paid', 'loan_closed']);
    const refused = await api.pay(cast.admin.headers, loan.id, 2, {});
    expect(refused.statusCode).toBe(409);
    const { totals } = await expectBalanced(t, loan.id);
    expect(totals.outstanding).toBe(0);
  });

  it('marks a payment after its date as late in the credit events', async () => {
    const { loan } = await createLoan(t.db, {
      customer: cast.customerA,
      totalEmiDays: 3,
      startDate: '2026-11-19',
    });
    await api.pay(cast.admin.headers, loan.id, 1, {});
    const [event] = await t.db.select().from(creditEvents).where(eq(creditEvents.loanId, loan.id));
    expect(event).toMatchObject({ eventType: 'EMI_PAID_LATE', eventDate: '2026-11-21', amount: 12_000 });
  });
});
