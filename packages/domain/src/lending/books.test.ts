import { describe, expect, it } from 'vitest';
import { emiFlows, emiRowDifferences } from './books';
import { bounceEmi } from './bounce';
import { collectedStillApplied } from './cash';
import { clearEmiCharge } from './charges';
import { foreclose } from './foreclosure';
import { checkLedgerInvariant, type LedgerEntry } from './ledger';
import { payEmi } from './payments';
import { rescheduleLoan } from './reschedule';
import { accepted, loanBook } from './test-support';
import type { Emi, LoanState } from './types';

const R = 100;
const today = '2025-01-05';

/** ₹200 × 5: EMI 1 full, EMI 2 bounced with ₹20 then rolled into EMI 3 paid emi_only, EMI 4 partial ₹150. */
const busyLoan = () => {
  const loan = loanBook(200 * R, 5);
  loan.apply((s) => payEmi(s, { emiNumber: 1, paymentType: 'full', today }));
  loan.apply((s) => bounceEmi(s, { emiNumber: 2, charge: 20 * R, reason: 'x', today }));
  loan.apply((s) => payEmi(s, { emiNumber: 3, paymentType: 'emi_only', today }));
  loan.apply((s) => payEmi(s, { emiNumber: 4, paymentType: 'partial', amount: 150 * R, today }));
  return loan;
};

/** The state with EMI n changed by `change`. */
const tamper = (state: LoanState, n: number, change: Partial<Emi>): LoanState => ({
  ...state,
  emis: state.emis.map((emi) => (emi.emi_number === n ? { ...emi, ...change } : emi)),
});

/** The busy loan and its schedule rewritten to 3 days of ₹90 from 2025-02-01. */
const rewrittenBusyLoan = () => {
  const loan = busyLoan();
  const rewrite = accepted(
    rescheduleLoan(loan.state, loan.entries, {
      startDate: '2025-02-01',
      perDayEmiPaise: 90 * R,
      totalEmiDays: 3,
    }),
  );
  return { loan, rewrite };
};

describe('emiFlows', () => {
  it('nets each EMI: scheduled, charges by cause, collections and carries both ways', () => {
    const loan = busyLoan();
    const flows = emiFlows(loan.entries);
    expect(flows.get(2)).toMatchObject({
      lateCharges: { instalment: 0, penalty: 20 * R },
      carriedOut: { instalment: 200 * R, penalty: 20 * R },
    });
    expect(flows.get(3)).toMatchObject({
      carriedIn: { instalment: 200 * R, penalty: 20 * R },
      collected: { instalment: 200 * R, penalty: 0 },
      carriedOut: { instalment: 200 * R, penalty: 20 * R },
    });
    // ₹50 remaining, its 10% charge ₹5 booked on EMI 4 and carried on with the rest to EMI 5.
    expect(flows.get(4)).toMatchObject({
      partialCharges: { instalment: 0, penalty: 5 * R },
      collected: { instalment: 150 * R, penalty: 0 },
      carriedOut: { instalment: 250 * R, penalty: 25 * R },
    });
    expect(flows.get(5)?.carriedIn).toEqual({ instalment: 250 * R, penalty: 25 * R });
  });
});

describe('emiRowDifferences', () => {
  it('finds none on rows the lending rules wrote: payments, bounces, waivers, foreclosure', () => {
    const loan = busyLoan();
    expect(emiRowDifferences(loan.state, loan.entries)).toEqual([]);
    loan.apply((s) => clearEmiCharge(s, { emiNumber: 5, amount: 10 * R }));
    expect(emiRowDifferences(loan.state, loan.entries)).toEqual([]);
    loan.apply((s) => foreclose(s, { type: 'full_and_final', amount: 500 * R }));
    expect(loan.state.status).toBe('closed');
    expect(emiRowDifferences(loan.state, loan.entries)).toEqual([]);
  });

  it('finds none after a schedule rewrite reversed the old rows', () => {
    const { loan, rewrite } = rewrittenBusyLoan();
    expect(emiRowDifferences(rewrite.state, [...loan.entries, ...rewrite.entries])).toEqual([]);
  });

  it('reports a pending EMI marked paid without a collection', () => {
    const loan = busyLoan();
    const state = tamper(loan.state, 5, { status: 'paid', payment_type: 'full', paid_on: today });
    expect(emiRowDifferences(state, loan.entries)).toEqual([
      { emi_number: 5, what: 'collected on a paid full EMI (instalment)', expected: 0, actual: 450 * R },
      { emi_number: 5, what: 'collected on a paid full EMI (penalty)', expected: 0, actual: 25 * R },
      // And with no open EMI left, an approved loan would have closed itself.
      { emi_number: null, what: 'status of a loan with no open EMI', expected: 'closed', actual: 'approved' },
    ]);
  });

  it("reports a settled EMI's history rewritten, which the schedule identity cannot see", () => {
    const loan = busyLoan();
    const history = tamper(loan.state, 1, { late_charge: 30 * R });
    expect(checkLedgerInvariant(loan.entries, history.emis).holds).toBe(true);
    expect(emiRowDifferences(history, loan.entries)).toEqual([
      { emi_number: 1, what: 'late charge', expected: 0, actual: 30 * R },
      { emi_number: 1, what: 'collected on a paid full EMI (penalty)', expected: 0, actual: 30 * R },
    ]);
    expect(emiRowDifferences(tamper(loan.state, 3, { payment_type: 'full' }), loan.entries)).toContainEqual({
      emi_number: 3,
      what: 'carried out of a paid full EMI (instalment)',
      expected: 200 * R,
      actual: 0,
    });
    expect(
      emiRowDifferences(tamper(loan.state, 4, { partial_payment_amount: 100 * R }), loan.entries),
    ).toContainEqual({ emi_number: 4, what: 'partial payment amount', expected: 150 * R, actual: 100 * R });
  });

  it('reports an amount moved into the carried-in instalment, though what is owed is unchanged', () => {
    const loan = busyLoan();
    const five = loan.emi(5);
    const state = tamper(loan.state, 5, {
      amount: five.amount + 100,
      carried_instalment: five.carried_instalment - 100,
      late_charge: five.late_charge - 100,
    });
    expect(checkLedgerInvariant(loan.entries, state.emis).holds).toBe(true);
    expect(emiRowDifferences(state, loan.entries).map((d) => d.what)).toEqual([
      'amount (scheduled)',
      'late charge',
      'carried-in instalment',
    ]);
  });

  it('reports ledger money on an EMI without a row, and open EMIs on a closed loan', () => {
    const loan = busyLoan();
    const state: LoanState = { status: 'closed', emis: loan.state.emis.filter((e) => e.emi_number !== 1) };
    expect(emiRowDifferences(state, loan.entries)).toEqual([
      { emi_number: 1, what: 'EMI in the ledger without an EMI row', expected: 200 * R, actual: null },
      { emi_number: null, what: 'open EMIs on a closed loan', expected: 'none', actual: '1 open' },
    ]);
  });
});

describe('collectedStillApplied (what the cash identity cannot see)', () => {
  it('holds while no collection was reversed', () => {
    const loan = busyLoan();
    expect(collectedStillApplied(loan.entries, loan.state.emis)).toEqual([]);
  });

  it('holds after a schedule rewrite, which moves applied cash into credit held', () => {
    const { loan, rewrite } = rewrittenBusyLoan();
    expect(collectedStillApplied([...loan.entries, ...rewrite.entries], rewrite.state.emis)).toEqual([]);
  });

  it('reports a collection cancelled by a reversal', () => {
    const loan = busyLoan();
    const collected = loan.entries.find((entry) => entry.kind === 'collected');
    if (!collected) throw new Error('the busy loan has collections');
    const reversal: LedgerEntry = { ...collected, kind: 'reversal', reverses: 'collected' };
    expect(collectedStillApplied([...loan.entries, reversal], loan.state.emis)).toEqual([
      {
        emi_number: null,
        what: 'money received, never reversed (collected and opening rows less their reversals)',
        expected: 550 * R,
        actual: 550 * R - collected.amount,
      },
    ]);
  });

  it('reports cash collected on an EMI the loan no longer has', () => {
    const loan = busyLoan();
    const stray: LedgerEntry = {
      kind: 'collected',
      cause: 'payment',
      emi_number: 9,
      to_emi_number: null,
      reverses: null,
      amount: 10 * R,
      instalment: 10 * R,
      penalty: 0,
    };
    expect(collectedStillApplied([...loan.entries, stray], loan.state.emis)).toEqual([
      {
        emi_number: 9,
        what: 'money received applied to an EMI the loan no longer has',
        expected: 0,
        actual: 10 * R,
      },
    ]);
  });
});
