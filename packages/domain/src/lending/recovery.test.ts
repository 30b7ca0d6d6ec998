import { describe, expect, it } from 'vitest';
import { ledgerEntry } from './ledger';
import { collectedAfter, interestSharesOf } from './recovery';

// ₹10,000 lent, ₹12,000 repayable: one sixth of each instalment rupee is interest, cumulatively.
const loan = { loanAmount: 1_000_000, totalRepayable: 1_200_000 };
const collected = (n: number, instalment: number, penalty = 0) =>
  ledgerEntry('collected', 'payment', n, { instalment, penalty });

describe('interestSharesOf', () => {
  it('splits each collection cumulatively, so the remainder paisa never drifts', () => {
    const rows = [collected(1, 12_000), collected(2, 10_000), collected(3, 14_000, 200)];
    expect(interestSharesOf(rows, { ...loan, collectedBefore: 0 })).toEqual([2_000, 1_667, 2_333]);
    // The same rows one at a time, each with what came before, split the same.
    expect(interestSharesOf([rows[1]!], { ...loan, collectedBefore: 12_000 })).toEqual([1_667]);
  });

  it('leaves rows that move no cash without a share', () => {
    const rows = [
      ledgerEntry('scheduled', 'schedule', 1, { instalment: 12_000, penalty: 0 }),
      collected(1, 0, 500),
    ];
    expect(interestSharesOf(rows, { ...loan, collectedBefore: 0 })).toEqual([null, 0]);
  });

  it('takes back the interest of the last rupees collected on a refund', () => {
    const refund = ledgerEntry('refund', 'refund', 0, { instalment: 12_000, penalty: 0 });
    expect(interestSharesOf([refund], { ...loan, collectedBefore: 36_000 })).toEqual([-2_000]);
    // Never more than was collected.
    expect(interestSharesOf([refund], { ...loan, collectedBefore: 6_000 })).toEqual([-1_000]);
  });

  it('sums to exactly the interest once the whole total is collected', () => {
    const rows = Array.from({ length: 100 }, (_, i) => collected(i + 1, 12_000));
    const shares = interestSharesOf(rows, { ...loan, collectedBefore: 0 });
    expect(shares.reduce<number>((sum, share) => sum + (share ?? 0), 0)).toBe(200_000);
  });
});

describe('collectedAfter', () => {
  it('moves the basis on by the instalment money of cash rows, net of refunds, as the ledger sums it', () => {
    const refund = ledgerEntry('refund', 'refund', 0, { instalment: 5_000, penalty: 0 });
    const scheduled = ledgerEntry('scheduled', 'schedule', 4, { instalment: 12_000, penalty: 0 });
    expect(collectedAfter(10_000, [collected(1, 12_000, 300), scheduled, refund])).toBe(17_000);
    expect(collectedAfter(10_000, [])).toBe(10_000);
  });

  it('gives two bookings in a row the same shares as one booking of both', () => {
    const first = [collected(1, 12_000)];
    const second = [collected(2, 10_000)];
    const basis = { ...loan, collectedBefore: 0 };
    const next = { ...loan, collectedBefore: collectedAfter(0, first) };
    expect([...interestSharesOf(first, basis), ...interestSharesOf(second, next)]).toEqual(
      interestSharesOf([...first, ...second], basis),
    );
  });
});
