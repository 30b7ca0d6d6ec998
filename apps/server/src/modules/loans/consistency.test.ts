import { bounceEmi, type LendingOutcome, type LoanState, payEmi } from '@lending/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loanForm, loanTestApp, putLoan } from '../../../test/support/loan-api';
import { applyToLoan, createLoan, loanRow, storedInvariant } from '../../../test/support/loans';
import { loanLedger } from '../../db/schema';
import { loadLoanState, persistOutcome } from '../money';
import { lockLoan } from './repository';

const { t, cast } = await loanTestApp();

/** Applies a lending operation the way the EMI services will; a refusal changes nothing. */
const tryApply = (loanId: number, operation: (state: LoanState) => LendingOutcome) =>
  t.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, loanId);
    if (!loan) throw new Error('loan vanished');
    const loaded = await loadLoanState(tx, loan);
    const outcome = operation(loaded.state);
    if (outcome.ok)
      await persistOutcome(tx, loaded, outcome, {
        actorId: null,
        now: new Date(),
        ledger: { businessDate: null, auditId: null },
      });
  });

const rupees = (paise: number) => (paise / 100).toFixed(2);

const edit = fc.record({
  kind: fc.constant('edit' as const),
  perDay: fc.integer({ min: 100, max: 50_000 }),
  days: fc.integer({ min: 1, max: 12 }),
  startOffset: fc.integer({ min: 0, max: 40 }),
  share: fc.integer({ min: 1, max: 100 }),
});
const pay = fc.record({
  kind: fc.constant('pay' as const),
  emi: fc.integer({ min: 1, max: 12 }),
  type: fc.constantFrom('full' as const, 'emi_only' as const, 'partial' as const),
  part: fc.integer({ min: 1, max: 100 }),
});
const bounce = fc.record({
  kind: fc.constant('bounce' as const),
  emi: fc.integer({ min: 1, max: 12 }),
  charge: fc.integer({ min: 0, max: 10_000 }),
});

describe('the stored ledger', () => {
  it('keeps its invariant through any sequence of payments, bounces and edits', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(edit, pay, pay, bounce), { minLength: 1, maxLength: 6 }),
        async (ops) => {
          const { loan } = await createLoan(t.db, {
            customer: cast.customerA,
            totalEmiDays: 6,
            perDayEmiPaise: 10_000,
          });
          for (const op of ops) {
            if (op.kind === 'edit') {
              // A share of the total repayable, never below one day's EMI (the EMI may not exceed the amount).
              const amount = Math.max(op.perDay, Math.floor((op.perDay * op.days * op.share) / 100));
              const day = String(1 + op.startOffset).padStart(2, '0');
              const response = await putLoan(t, cast.admin.headers, loan.id, {
                customer_id: String(cast.customerA.id),
                loan_amount: rupees(amount),
                per_day_emi: rupees(op.perDay),
                total_emi_days: String(op.days),
                start_date: op.startOffset < 30 ? `2026-12-${day}` : '2027-01-05',
              });
              // A loan whose last EMI was paid closed itself, and closed loans refuse edits.
              const closed = (await loanRow(t.db, loan.id)).status === 'closed';
              expect(response.statusCode).toBe(closed ? 409 : 200);
            } else if (op.kind === 'pay') {
              await tryApply(loan.id, (state) => {
                const emi = state.emis.find((candidate) => candidate.emi_number === op.emi);
                const amount = emi ? Math.max(1, Math.floor((emi.amount * op.part) / 100)) : 1;
                return payEmi(state, {
                  emiNumber: op.emi,
                  paymentType: op.type,
                  amount,
                  today: '2026-12-01',
                });
              });
            } else {
              await tryApply(loan.id, (state) =>
                bounceEmi(state, {
                  emiNumber: op.emi,
                  charge: op.charge,
                  reason: 'Insufficient funds',
                  today: '2026-12-01',
                }),
              );
            }
            const { violations } = await storedInvariant(t.db, loan.id);
            expect(violations).toEqual([]);
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('is append-only: the database refuses to change or delete its rows', async () => {
    const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 2 });
    await expect(
      t.db.update(loanLedger).set({ amount: 0, instalment: 0 }).where(eq(loanLedger.loanId, loan.id)),
    ).rejects.toThrow();
    await expect(t.db.delete(loanLedger).where(eq(loanLedger.loanId, loan.id))).rejects.toThrow();
    expect((await storedInvariant(t.db, loan.id)).entries).toHaveLength(2);
  });
});

/** A loan with money moved (so an edit has payments to reverse). */
const busyLoan = async () => {
  const { loan } = await createLoan(t.db, { customer: cast.customerA, totalEmiDays: 30 });
  await applyToLoan(t.db, loan.id, (s) =>
    payEmi(s, { emiNumber: 1, paymentType: 'full', today: '2026-11-21' }),
  );
  await applyToLoan(t.db, loan.id, (s) =>
    bounceEmi(s, { emiNumber: 2, charge: 2_000, reason: 'Insufficient funds', today: '2026-11-22' }),
  );
  return loan;
};

/** Whatever order they ran in, the stored loan is one consistent state. */
const expectConsistent = async (loanId: number) => {
  const row = await loanRow(t.db, loanId);
  const { violations, emis } = await storedInvariant(t.db, loanId);
  expect(violations).toEqual([]);
  expect(emis).toHaveLength(row.totalEmiDays);
  expect(emis.every((emi) => emi.amount === row.perDayEmi)).toBe(true);
};

describe('concurrent changes of one loan', () => {
  it('serialises two edits that both rewrite the schedule', async () => {
    const loan = await busyLoan();
    const [first, second] = await Promise.all([
      putLoan(
        t,
        cast.admin.headers,
        loan.id,
        loanForm(cast.customerA.id, { per_day_emi: '400', total_emi_days: '40' }),
      ),
      putLoan(
        t,
        cast.superadmin,
        loan.id,
        loanForm(cast.customerA.id, { per_day_emi: '500', total_emi_days: '25' }),
      ),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await expectConsistent(loan.id);
    const { entries } = await storedInvariant(t.db, loan.id);
    // One schedule of 30, then two rewrites: each reverses exactly what was left before it.
    expect(entries.filter((entry) => entry.kind === 'scheduled')).toHaveLength(30 + 40 + 25);
  });

  it('serialises an edit and a foreclosure: one wins, the other sees its result', async () => {
    const loan = await busyLoan();
    const [edit, foreclosure] = await Promise.all([
      putLoan(
        t,
        cast.admin.headers,
        loan.id,
        loanForm(cast.customerA.id, { per_day_emi: '400', total_emi_days: '40' }),
      ),
      t.app.inject({
        method: 'POST',
        url: `/api/loans/${loan.id}/foreclose`,
        headers: cast.superadmin,
        payload: { foreclosure_type: 'full', reason: 'Other' },
      }),
    ]);
    expect(foreclosure.statusCode).toBe(200);
    // The edit either ran first (then the loan was foreclosed with its new schedule) or found it closed.
    expect([200, 409]).toContain(edit.statusCode);
    const row = await loanRow(t.db, loan.id);
    expect(row.status).toBe('closed');
    const { violations, totals } = await storedInvariant(t.db, loan.id);
    expect(violations).toEqual([]);
    expect(totals.outstanding).toBe(0);
  });

  it('forecloses once when sent twice at once with the same Idempotency-Key (replay, or 409 while in flight)', async () => {
    const loan = await busyLoan();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/loans/${loan.id}/foreclose`,
        headers: { ...cast.admin.headers, 'idempotency-key': `twice-${loan.id}` },
        payload: { foreclosure_type: 'settlement', settlement_amount: 1000, reason: 'Other' },
      });
    const answers = await Promise.all([send(), send()]);
    const fresh = answers.filter(
      (answer) => answer.statusCode === 200 && answer.headers['idempotent-replayed'] === undefined,
    );
    expect(fresh).toHaveLength(1);
    // PostgreSQL answers the repeat 409 while the first runs (docs/api.md); PGlite queues it and replays.
    const repeat = answers.find((answer) => answer !== fresh[0]);
    expect(
      repeat?.statusCode === 409 ||
        (repeat?.statusCode === 200 && repeat.headers['idempotent-replayed'] === 'true'),
    ).toBe(true);
    const { totals } = await storedInvariant(t.db, loan.id);
    expect(totals.collected).toBe(12_000 + 100_000);
  });
});
