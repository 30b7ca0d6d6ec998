import { describe, expect, it } from 'vitest';
import { emiApi, expectBalanced } from '../../../test/support/emi-api';
import { loanTestApp } from '../../../test/support/loan-api';
import { createLoan } from '../../../test/support/loans';

const { t, cast } = await loanTestApp();

const lateCharges = async (loanId: number) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/loans/${loanId}`,
    headers: cast.admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(
    response
      .json()
      .emis.map((emi: { emi_number: number; late_charge: number }) => [emi.emi_number, emi.late_charge]),
  );
};

describe('POST /api/loans/{id}/clear-charges: the latest late charge is an open EMI’s', () => {
  it('refuses a settled EMI’s charge as confirmation and clears with the outstanding one', async () => {
    const api = emiApi(t);
    const admin = cast.admin.headers;
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 6 });
    // EMI 1 partly paid: ₹20 left + ₹2 charge carried to EMI 2 (₹22, outstanding).
    const partial = await api.pay(admin, loan.id, 1, { payment_type: 'partial', payment_amount: 100 });
    expect(partial.statusCode, partial.body).toBe(200);
    // EMI 4 bounces with ₹150 and is then paid in full: its ₹150 is history.
    expect((await api.bounce(admin, loan.id, 4, { late_charges: 150 })).statusCode).toBe(200);
    expect((await api.pay(admin, loan.id, 4, {})).statusCode).toBe(200);
    expect(await lateCharges(loan.id)).toMatchObject({ 2: 22, 4: 150 });

    const history = await api.clearAll(admin, loan.id, { amount: 150 });
    expect(history.statusCode, history.body).toBe(400);
    expect(history.json()).toMatchObject({
      code: 'CLEAR_AMOUNT_MISMATCH',
      message: 'Please enter the exact latest late charge amount to clear all charges.',
    });
    expect(await lateCharges(loan.id)).toMatchObject({ 2: 22, 4: 150 });

    const cleared = await api.clearAll(admin, loan.id, { amount: 22 });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ cleared: 22, emis: [{ emi_number: 2, late_charge: 0 }] });
    // The settled EMI keeps its charge as history; nothing is owed any more.
    expect(await lateCharges(loan.id)).toMatchObject({ 2: 0, 4: 150 });
    const again = await api.clearAll(admin, loan.id, { amount: 150 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NO_CHARGES_TO_CLEAR');
    const report = await expectBalanced(t, loan.id);
    expect(report.totals.waived).toBe(2_200);
  });
});
