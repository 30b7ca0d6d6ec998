import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bounceEmi } from './bounce';
import { collectPayment, fullPaymentDue, levyLateCharge } from './collect';
import { checkLedgerInvariant } from './ledger';
import { paymentEventType } from './payments';
import { clone, deepFreeze, loanBook, newLoan } from './test-support';
import type { PaymentType } from './types';

const R = 100; // paise per rupee
const today = '2025-01-03';
const collect = (
  emiNumber: number,
  paymentType: PaymentType,
  extra: { paymentAmount?: number | null; lateCharge?: number | null } = {},
) => ({ emiNumber, paymentType, today, ...extra });

describe('levyLateCharge', () => {
  it('books a collection_charge on the EMI and adds it to its late charge', () => {
    const loan = loanBook(120 * R, 3);
    const levy = loan.apply((s) => levyLateCharge(s, { emiNumber: 1, amount: 15 * R }));
    expect(levy.levied).toBe(15 * R);
    expect(levy.entries).toEqual([
      expect.objectContaining({ kind: 'charge', cause: 'collection_charge', emi_number: 1, penalty: 15 * R }),
    ]);
    expect(loan.emi(1)).toMatchObject({ late_charge: 15 * R, carried_instalment: 0, status: 'pending' });
    expect(loan.apply((s) => levyLateCharge(s, { emiNumber: 1, amount: 0 })).entries).toEqual([]);
    // A late charge past what JavaScript holds exactly is refused, not rounded.
    expect(
      loan.refuse((s) => levyLateCharge(s, { emiNumber: 1, amount: Number.MAX_SAFE_INTEGER })).code,
    ).toBe('LATE_CHARGE_OUT_OF_RANGE');
  });

  it('refuses negative or fractional charges, settled EMIs and loans that are not approved', () => {
    const loan = loanBook(120 * R, 3);
    for (const amount of [-1, 0.5, Number.NaN])
      expect(loan.refuse((s) => levyLateCharge(s, { emiNumber: 1, amount })).code).toBe(
        'LATE_CHARGE_OUT_OF_RANGE',
      );
    loan.apply((s) => collectPayment(s, collect(1, 'full')));
    expect(loan.refuse((s) => levyLateCharge(s, { emiNumber: 1, amount: R })).code).toBe('EMI_ALREADY_PAID');
    expect(loan.refuse((s) => levyLateCharge(s, { emiNumber: 9, amount: R })).code).toBe('EMI_NOT_FOUND');
    const closed = loanBook(120 * R, 3, 'closed');
    expect(closed.refuse((s) => levyLateCharge(s, { emiNumber: 1, amount: R })).code).toBe('LOAN_TERMINAL');
  });
});

describe('collectPayment', () => {
  it('full collects the levied charge with the EMI', () => {
    const loan = loanBook(120 * R, 3);
    const paid = loan.apply((s) => collectPayment(s, collect(1, 'full', { lateCharge: 20 * R })));
    expect(paid).toMatchObject({ collected: 140 * R, levied: 20 * R, carried: null });
    expect(paid.entries.map((e) => [e.kind, e.cause, e.amount])).toEqual([
      ['charge', 'collection_charge', 20 * R],
      ['collected', 'payment', 140 * R],
    ]);
    expect(paid.events).toEqual([expect.objectContaining({ event_type: 'EMI_PAID_LATE', amount: 140 * R })]);
    expect(loan.emi(1)).toMatchObject({ status: 'paid', late_charge: 20 * R });
  });

  it('emi_only carries the levied charge; partial carries it with the remaining and 10%', () => {
    const loan = loanBook(120 * R, 4);
    const emiOnly = loan.apply((s) => collectPayment(s, collect(1, 'emi_only', { lateCharge: 5 * R })));
    expect(emiOnly).toMatchObject({ collected: 120 * R, levied: 5 * R, carried: { to: 2, amount: 5 * R } });
    const partial = loan.apply((s) =>
      collectPayment(s, collect(2, 'partial', { paymentAmount: 100 * R, lateCharge: 3 * R })),
    );
    // EMI 2 had ₹5 carried in, ₹3 levied; ₹20 remains and its 10% is ₹2: ₹30 moves to EMI 3.
    expect(partial).toMatchObject({
      collected: 100 * R,
      partialCharge: 2 * R,
      carried: { to: 3, amount: 30 * R },
    });
    expect(loan.emi(3)).toMatchObject({ late_charge: 30 * R, carried_instalment: 20 * R });
  });

  it('a declared amount on full or emi_only must be what the payment collects', () => {
    const loan = loanBook(120 * R, 3);
    loan.apply((s) => bounceEmi(s, { emiNumber: 1, charge: 50 * R, reason: 'Payment failed', today }));
    // EMI 2 in full also collects bounced EMI 1's ₹170 that roll into it.
    const wrong = loan.refuse((s) => collectPayment(s, collect(2, 'full', { paymentAmount: 120 * R })));
    expect(wrong).toMatchObject({
      code: 'PAYMENT_AMOUNT_MISMATCH',
      message: 'A full payment of EMI 2 collects ₹290.00 now, not ₹120.00.',
    });
    expect(
      loan.refuse((s) => collectPayment(s, collect(2, 'emi_only', { paymentAmount: 119 * R }))).code,
    ).toBe('PAYMENT_AMOUNT_MISMATCH');
    const right = loan.apply((s) => collectPayment(s, collect(2, 'full', { paymentAmount: 290 * R })));
    expect(right.collected).toBe(290 * R);
  });

  it('a refused payment undoes its levy: nothing changes', () => {
    const loan = loanBook(120 * R, 2);
    loan.apply((s) => bounceEmi(s, { emiNumber: 2, charge: 0, reason: 'Payment failed', today }));
    expect(
      loan.refuse((s) => collectPayment(s, collect(2, 'partial', { paymentAmount: 10 * R, lateCharge: R })))
        .code,
    ).toBe('PARTIAL_ON_BOUNCED');
    expect(loan.refuse((s) => collectPayment(s, collect(2, 'emi_only', { lateCharge: R }))).code).toBe(
      'CARRY_FROM_LAST_EMI',
    );
    expect(loan.refuse((s) => collectPayment(s, collect(2, 'full', { lateCharge: -R }))).code).toBe(
      'LATE_CHARGE_OUT_OF_RANGE',
    );
  });

  it('keeps the ledger invariant and refuses without change over random collections', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            emi: fc.integer({ min: 0, max: 7 }),
            type: fc.constantFrom<PaymentType>('full', 'emi_only', 'partial'),
            amount: fc.option(fc.integer({ min: -100, max: 20_000 })),
            levy: fc.option(fc.integer({ min: -100, max: 5_000 })),
            bounce: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        (ops) => {
          let { state, entries } = newLoan(10_000, 6);
          for (const op of ops) {
            const before = clone(state);
            const outcome = op.bounce
              ? bounceEmi(deepFreeze(state), { emiNumber: op.emi, charge: op.levy ?? 0, reason: 'x', today })
              : collectPayment(
                  deepFreeze(state),
                  collect(op.emi, op.type, { paymentAmount: op.amount, lateCharge: op.levy }),
                );
            if (!outcome.ok) {
              expect(outcome.state).toEqual(before);
              continue;
            }
            state = outcome.state;
            entries = [...entries, ...outcome.entries];
            expect(checkLedgerInvariant(entries, state.emis).violations).toEqual([]);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('fullPaymentDue and paymentEventType', () => {
  it('answers what a full payment collects now, rolled bounced dues included', () => {
    const loan = loanBook(120 * R, 3);
    expect(fullPaymentDue(loan.state, 1)).toBe(120 * R);
    loan.apply((s) => bounceEmi(s, { emiNumber: 1, charge: 50 * R, reason: 'Payment failed', today }));
    expect(fullPaymentDue(loan.state, 1)).toBe(170 * R);
    expect(fullPaymentDue(loan.state, 2)).toBe(290 * R);
    // Just the EMI and the current bounced one are enough.
    const [first, , third] = loan.state.emis;
    expect(
      fullPaymentDue({ status: 'approved', emis: [first, third].filter((e) => e !== undefined) }, 3),
    ).toBe(290 * R);
    loan.apply((s) => collectPayment(s, collect(2, 'full')));
    expect(fullPaymentDue(loan.state, 2)).toBeNull();
    expect(fullPaymentDue(loan.state, 9)).toBeNull();
  });

  it('is on time on or before the EMI date (IST calendar days)', () => {
    expect(paymentEventType('2025-01-03', '2025-01-02')).toBe('EMI_PAID_ON_TIME');
    expect(paymentEventType('2025-01-03', '2025-01-03')).toBe('EMI_PAID_ON_TIME');
    expect(paymentEventType('2025-01-03', '2025-01-04')).toBe('EMI_PAID_LATE');
  });
});
