import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bounceEmi } from '../lending/bounce';
import { clearAllCharges, clearEmiCharge } from '../lending/charges';
import { collectPayment, fullPaymentDue } from '../lending/collect';
import { currentBouncedEmi, latestLateCharge } from '../lending/open';
import { payEmi } from '../lending/payments';
import { generateSchedule } from '../lending/schedule';
import type { Emi, LoanState, PaymentType } from '../lending/types';
import { paiseToRupees } from '../money/paise';
import type { TEmiView } from '../schemas/loans';
import {
  canSettleEmi,
  currentBouncedNumber,
  dueEmiState,
  dueTotals,
  latestLateChargeOf,
  loanStateFromViews,
  partialAmountAcceptable,
  previewPayment,
  typedPaise,
} from './emis';

/** When each EMI was last paid and bounced (ISO moments). */
type Times = { paid?: Map<number, string>; bounced?: Map<number, string> };

/** An EMI as the API shows it (what the web app sees of the server's state). */
const viewOf = (emi: Emi, id: number, times: Times = {}): TEmiView => ({
  id,
  loan_id: 1,
  emi_number: emi.emi_number,
  emi_date: emi.emi_date,
  due_date: emi.emi_date,
  amount: paiseToRupees(emi.amount),
  late_charge: paiseToRupees(emi.late_charge),
  status: emi.status,
  paid_at: times.paid?.get(emi.emi_number) ?? null,
  payment_date: emi.paid_on,
  bounced_at: times.bounced?.get(emi.emi_number) ?? null,
  bounced_reason: emi.bounced_reason,
  bounce_count: emi.bounce_count,
  payment_type: emi.payment_type,
  partial_payment_amount:
    emi.partial_payment_amount === null ? null : paiseToRupees(emi.partial_payment_amount),
  remaining_balance: emi.remaining_balance === null ? null : paiseToRupees(emi.remaining_balance),
  foreclosure_amount: null,
  foreclosure_date: null,
  notes: null,
});

type Op =
  | { op: 'pay'; emi: number; type: PaymentType; permille: number }
  | { op: 'bounce'; emi: number; charge: number }
  | { op: 'clearAll' }
  | { op: 'clearEmi'; emi: number; permille: number };

const DAYS = 6;
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('pay' as const),
    emi: fc.integer({ min: 1, max: DAYS }),
    type: fc.constantFrom<PaymentType>('full', 'emi_only', 'partial'),
    permille: fc.integer({ min: 1, max: 1000 }),
  }),
  fc.record({
    op: fc.constant('bounce' as const),
    emi: fc.integer({ min: 1, max: DAYS }),
    charge: fc.integer({ min: 0, max: 500 }).map((rupees) => rupees * 100),
  }),
  fc.record({ op: fc.constant('clearAll' as const) }),
  fc.record({
    op: fc.constant('clearEmi' as const),
    emi: fc.integer({ min: 1, max: DAYS }),
    permille: fc.integer({ min: 1, max: 1000 }),
  }),
);

const apply = (state: LoanState, op: Op): LoanState | null => {
  const emi = state.emis.find((candidate) => candidate.emi_number === (op as { emi?: number }).emi);
  const outcome =
    op.op === 'pay'
      ? payEmi(state, {
          emiNumber: op.emi,
          paymentType: op.type,
          amount: Math.max(1, Math.floor(((emi?.amount ?? 0) * op.permille) / 1000)),
          today: '2025-01-03',
        })
      : op.op === 'bounce'
        ? bounceEmi(state, { emiNumber: op.emi, charge: op.charge, reason: 'x', today: '2025-01-03' })
        : op.op === 'clearAll'
          ? clearAllCharges(state, { amount: latestLateCharge(state) })
          : clearEmiCharge(state, {
              emiNumber: op.emi,
              amount: Math.max(1, Math.floor(((emi?.late_charge ?? 0) * op.permille) / 1000)),
            });
  return outcome.ok ? outcome.state : null;
};

const start = (): LoanState => ({
  status: 'approved',
  emis: generateSchedule({ startDate: '2025-01-01', perDayEmiPaise: 150_050, totalEmiDays: DAYS }),
});

describe('money dialogs read the lending rules from the views', () => {
  it('finds the current bounced EMI and previews every payment as the server books it', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 12 }),
        fc.integer({ min: 1, max: DAYS }),
        fc.constantFrom<PaymentType>('full', 'emi_only', 'partial'),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 300 }),
        (ops, emiNumber, paymentType, permille, extraRupees) => {
          let state = start();
          const times = { paid: new Map<number, string>(), bounced: new Map<number, string>() };
          ops.forEach((op, index) => {
            const next = apply(state, op);
            if (next === null) return;
            state = next;
            const at = new Date(Date.UTC(2025, 0, 3, 10, 0, index)).toISOString();
            if (op.op === 'pay') times.paid.set(op.emi, at);
            if (op.op === 'bounce') times.bounced.set(op.emi, at);
          });
          const views = state.emis.map((emi, index) => viewOf(emi, index + 1, times));
          expect(currentBouncedNumber(views)).toBe(currentBouncedEmi(state)?.emi_number ?? null);
          expect(latestLateChargeOf(views)).toBe(latestLateCharge(state));

          const target = state.emis.find((emi) => emi.emi_number === emiNumber);
          const partialAmount = Math.floor(((target?.amount ?? 0) * permille) / 1000);
          const extraCharge = extraRupees * 100;
          const truth = collectPayment(state, {
            emiNumber,
            paymentType,
            paymentAmount: paymentType === 'partial' ? partialAmount : null,
            lateCharge: extraCharge,
            today: '2025-01-03',
          });
          const preview = previewPayment(loanStateFromViews('approved', views), {
            emiNumber,
            paymentType,
            partialAmount,
            extraCharge,
          });
          expect(preview.ok).toBe(truth.ok);
          if (preview.ok && truth.ok) {
            expect(preview.collected).toBe(truth.collected);
            expect(preview.partialCharge).toBe(truth.partialCharge);
            expect(preview.carried).toBe(truth.carried?.amount ?? 0);
            expect(preview.carriedTo).toBe(truth.carried?.to ?? null);
          }
          // The due list's row state gives the same full and partial figures.
          const view = views.find((candidate) => candidate.emi_number === emiNumber);
          const full = fullPaymentDue(state, emiNumber);
          if (view !== undefined && full !== null && truth.ok) {
            const row = { ...view, full_payment_amount: paiseToRupees(full) };
            const due = previewPayment(dueEmiState(row), {
              emiNumber,
              paymentType,
              partialAmount,
              extraCharge,
            });
            expect(due.ok && due.collected).toBe(truth.collected);
            if (due.ok && truth.carried !== null) expect(due.carried).toBe(truth.carried.amount);
          }
          if (view !== undefined) {
            expect(canSettleEmi('approved', view, views)).toBe(full !== null);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('previews a partial payment in integer paise with the rounded 10% charge', () => {
    const state = loanStateFromViews('approved', [
      viewOf({ ...start().emis[0], amount: 150_050 } as Emi, 1),
      viewOf(start().emis[1] as Emi, 2),
    ]);
    const preview = previewPayment(state, {
      emiNumber: 1,
      paymentType: 'partial',
      partialAmount: 100_025,
      extraCharge: null,
    });
    // Remaining ₹500.25; 10% is ₹50.025, rounded to ₹50.
    expect(preview).toEqual({
      ok: true,
      collected: 100_025,
      remaining: 50_025,
      partialCharge: 5_000,
      carried: 55_025,
      carriedTo: 2,
    });
    expect(
      previewPayment(state, {
        emiNumber: 1,
        paymentType: 'partial',
        partialAmount: 150_051,
        extraCharge: null,
      }).ok,
    ).toBe(false);
  });

  it('reads typed amounts and the partial limits', () => {
    expect(typedPaise('100.1')).toBe(10_010);
    expect(typedPaise(0.3)).toBe(30);
    expect(typedPaise('')).toBeNull();
    expect(typedPaise('1e3')).toBeNull();
    expect(typedPaise('12.345')).toBeNull();
    expect(typedPaise('abc')).toBeNull();
    expect(partialAmountAcceptable(null, 1000)).toBe(false);
    expect(partialAmountAcceptable(0, 1000)).toBe(false);
    expect(partialAmountAcceptable(1000, 1000)).toBe(true);
    expect(partialAmountAcceptable(1001, 1000)).toBe(false);
  });

  it('totals the due list in paise', () => {
    expect(
      dueTotals([
        { amount: 0.1, late_charge: 0.2, status: 'pending' },
        { amount: 1500, late_charge: 0, status: 'pending' },
        { amount: 1500, late_charge: 250.5, status: 'bounced' },
        { amount: 100, late_charge: 50, status: 'bounced', is_current_bounce: true },
      ]),
    ).toEqual({
      totalToCollect: 150_030,
      overdue: 3,
      pending: 2,
      lateCharges: 30_070,
      // Open: the pending rows and the current bounced one (its dues still sit on it).
      openCount: 3,
      openAmount: 165_030,
    });
  });
});
