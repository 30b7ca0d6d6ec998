import { bounceEmi, creditHeldOf, payEmi } from '@lending/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { samples } from '../../../test/support/factories';
import { loanAuditActions, loanForm, loanTestApp, putLoan } from '../../../test/support/loan-api';
import { applyToLoan, createLoan, loanRow, storedInvariant } from '../../../test/support/loans';
import { file } from '../../../test/support/users';
import { creditEvents } from '../../db/schema';
import { listEmis } from './schedule-repository';

const { t, cast } = await loanTestApp();

/** The edit form of a factory loan (₹10,000, ₹120 × 100 days from 2026-11-21) with changes. */
const editForm = (customerId: number, changes: Record<string, string> = {}) =>
  loanForm(customerId, { loan_reason: '', payment_method: 'cash', ...changes });

/** A stored loan with money moved: EMI 1 paid in full, EMI 2 bounced with a ₹50 charge, EMI 3 partly paid. */
const loanWithHistory = async () => {
  const { loan, customer } = await createLoan(t.db, { customer: cast.customerA });
  await applyToLoan(t.db, loan.id, (s) =>
    payEmi(s, { emiNumber: 1, paymentType: 'full', today: '2026-11-21' }),
  );
  await applyToLoan(t.db, loan.id, (s) =>
    bounceEmi(s, { emiNumber: 2, charge: 5_000, reason: 'Insufficient funds', today: '2026-11-22' }),
  );
  await applyToLoan(t.db, loan.id, (s) =>
    payEmi(s, { emiNumber: 3, paymentType: 'partial', amount: 6_000, today: '2026-11-23' }),
  );
  return { loan, customer };
};

describe('PUT /api/loans/{id}', () => {
  it('updates the other fields without touching the schedule', async () => {
    const { loan } = await loanWithHistory();
    const before = await storedInvariant(t.db, loan.id);
    const response = await putLoan(
      t,
      cast.admin.headers,
      loan.id,
      editForm(cast.customerA.id, { loan_reason: 'New stall', payment_method: 'upi' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Loan updated successfully',
      schedule_reset: false,
      loan: { loan_reason: 'New stall', payment_method: 'upi', status: 'approved' },
    });
    const after = await storedInvariant(t.db, loan.id);
    expect(after.entries).toEqual(before.entries);
    expect(after.emis).toEqual(before.emis);
    expect(await loanAuditActions(t, loan.id)).toEqual(['loan_updated']);
  });

  it('rewrites the schedule when a core field changes: EMIs pending, schedule reversed, cash kept as credit, charges and credit events cleared', async () => {
    const { loan } = await loanWithHistory();
    expect((await t.db.select().from(creditEvents).where(eq(creditEvents.loanId, loan.id))).length).toBe(3);
    const before = await storedInvariant(t.db, loan.id);
    expect(before.holds).toBe(true);

    const response = await putLoan(
      t,
      cast.admin.headers,
      loan.id,
      editForm(cast.customerA.id, { per_day_emi: '150', total_emi_days: '80', start_date: '2026-12-01' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Loan updated successfully. All EMIs were reset to pending.',
      schedule_reset: true,
      loan: { per_day_emi: 150, total_emi_days: 80, end_date: '2027-02-18', total_repayable: 12000 },
    });

    const emis = await listEmis(t.db, loan.id);
    expect(emis).toHaveLength(80);
    expect(
      emis.every((emi) => emi.status === 'pending' && emi.lateCharge === 0 && emi.amount === 15_000),
    ).toBe(true);
    expect(emis[0]?.emiDate).toBe('2026-12-01');

    const after = await storedInvariant(t.db, loan.id);
    expect(after.violations).toEqual([]);
    // Nothing was deleted: the earlier rows are all still there, followed by reversals and the new schedule.
    expect(after.entries.slice(0, before.entries.length)).toEqual(before.entries);
    const added = after.entries.slice(before.entries.length);
    const reversed = added.filter((entry) => entry.kind === 'reversal');
    expect(reversed.map((entry) => entry.reverses)).toEqual(
      expect.arrayContaining(['scheduled', 'charge', 'carry']),
    );
    // Collected cash is never reversed: EMI 1's ₹120 and EMI 3's ₹60 become the loan's credit held.
    expect(reversed.map((entry) => entry.reverses)).not.toContain('collected');
    expect(
      added.filter((entry) => entry.kind === 'credit').map((entry) => [entry.emi_number, entry.amount]),
    ).toEqual([
      [1, 12_000],
      [3, 6_000],
    ]);
    expect(creditHeldOf(after.entries)).toBe(18_000);
    expect(added.filter((entry) => entry.kind === 'scheduled')).toHaveLength(80);
    expect(after.totals).toMatchObject({ collected: 0, outstanding: 1_200_000, scheduled: 1_200_000 });
    expect((await t.db.select().from(creditEvents).where(eq(creditEvents.loanId, loan.id))).length).toBe(0);
    expect(await loanAuditActions(t, loan.id)).toEqual(['loan_updated']);
  });

  it('resets on a changed amount alone, and a second edit reverses only what is left', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    const first = await putLoan(
      t,
      cast.admin.headers,
      loan.id,
      editForm(cast.customerA.id, { loan_amount: '9000' }),
    );
    expect(first.json().schedule_reset).toBe(true);
    const second = await putLoan(
      t,
      cast.admin.headers,
      loan.id,
      editForm(cast.customerA.id, { loan_amount: '9500' }),
    );
    expect(second.json().schedule_reset).toBe(true);
    const { holds, totals } = await storedInvariant(t.db, loan.id);
    expect(holds).toBe(true);
    expect(totals.scheduled).toBe(1_200_000);
    expect((await loanRow(t.db, loan.id)).interestAmount).toBe(250_000);
  });

  it('changes the status (admins) with a loan_status_changed audit row', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, status: 'pending_acceptance' });
    const response = await putLoan(
      t,
      cast.superadmin,
      loan.id,
      editForm(cast.customerA.id, { status: 'approved' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().loan.status).toBe('approved');
    expect(await loanAuditActions(t, loan.id)).toEqual(['loan_updated', 'loan_status_changed']);
  });

  it('does not close or default a loan through its status', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    for (const status of ['closed', 'default']) {
      const response = await putLoan(t, cast.admin.headers, loan.id, editForm(cast.customerA.id, { status }));
      expect(response.statusCode).toBe(409);
    }
    expect((await loanRow(t.db, loan.id)).status).toBe('approved');
  });

  it.each(['closed', 'default'] as const)('refuses any edit of a %s loan with 409', async (status) => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, status });
    const response = await putLoan(
      t,
      cast.admin.headers,
      loan.id,
      editForm(cast.customerA.id, { loan_reason: 'x' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Cannot Update - Loan Foreclosed');
    expect((await loanRow(t.db, loan.id)).loanReason).toBeNull();
  });

  it('applies the form rules on edit too', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    const missing = await putLoan(t, cast.admin.headers, loan.id, { status: 'approved' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please fill in all required fields');
    const below = await putLoan(
      t,
      cast.admin.headers,
      loan.id,
      editForm(cast.customerA.id, { per_day_emi: '50' }),
    );
    expect(below.statusCode).toBe(400);
    const badStatus = await putLoan(
      t,
      cast.admin.headers,
      loan.id,
      editForm(cast.customerA.id, { status: 'lost' }),
    );
    expect(badStatus.json().message).toBe('Unknown loan status');
  });

  it('is for admins and superadmins only; unknown loans are 404', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    for (const who of [cast.agentA.headers, cast.borrower.headers]) {
      expect((await putLoan(t, who, loan.id, editForm(cast.customerA.id))).statusCode).toBe(403);
    }
    expect((await putLoan(t, cast.admin.headers, 999_999, editForm(cast.customerA.id))).statusCode).toBe(404);
  });

  it('replaces the received-by image (the old file is deleted) and removes it on request', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    await putLoan(t, cast.admin.headers, loan.id, editForm(cast.customerA.id), {
      received_by_image: file(samples.png, 'a.png'),
    });
    const firstKey = (await loanRow(t.db, loan.id)).receivedByImage ?? '';
    expect(await t.deps.storage.get(firstKey)).not.toBeNull();

    await putLoan(t, cast.admin.headers, loan.id, editForm(cast.customerA.id), {
      received_by_image: file(samples.gif, 'b.gif'),
    });
    const secondKey = (await loanRow(t.db, loan.id)).receivedByImage ?? '';
    expect(secondKey).toMatch(/\.gif$/);
    expect(await t.deps.storage.get(firstKey)).toBeNull();

    const kept = await putLoan(t, cast.admin.headers, loan.id, editForm(cast.customerA.id));
    expect(kept.json().loan.received_by_image).toContain(secondKey);
    const removed = await putLoan(
      t,
      cast.admin.headers,
      loan.id,
      editForm(cast.customerA.id, { remove_received_by_image: '1' }),
    );
    expect(removed.json().loan.received_by_image).toBeNull();
    expect(await t.deps.storage.get(secondKey)).toBeNull();
  });

  it('keeps the old image when the new one is refused', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA });
    await putLoan(t, cast.admin.headers, loan.id, editForm(cast.customerA.id), {
      received_by_image: file(samples.png, 'a.png'),
    });
    const key = (await loanRow(t.db, loan.id)).receivedByImage;
    const refused = await putLoan(
      t,
      cast.admin.headers,
      loan.id,
      editForm(cast.customerA.id, { loan_reason: 'x' }),
      {
        received_by_image: file(samples.text, 'a.png', 'image/png'),
      },
    );
    expect(refused.statusCode).toBe(415);
    const row = await loanRow(t.db, loan.id);
    expect(row.receivedByImage).toBe(key);
    expect(row.loanReason).toBeNull();
  });
});
