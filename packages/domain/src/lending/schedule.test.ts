import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intDiv, partialCharge } from './arith';
import { endDate, generateSchedule, loanTotals, splitRecovery } from './schedule';

const utcDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const DAY = 86_400_000;

describe('generateSchedule', () => {
  it('writes EMI n on start + n − 1, pending, with no charges', () => {
    const emis = generateSchedule({ startDate: '2024-02-28', perDayEmiPaise: 12_345, totalEmiDays: 3 });
    expect(emis.map((e) => [e.emi_number, e.emi_date, e.amount, e.late_charge, e.status])).toEqual([
      [1, '2024-02-28', 12_345, 0, 'pending'],
      [2, '2024-02-29', 12_345, 0, 'pending'],
      [3, '2024-03-01', 12_345, 0, 'pending'],
    ]);
    expect(endDate('2024-02-28', 3)).toBe('2024-03-01');
    expect(endDate('2025-12-31', 1)).toBe('2025-12-31');
  });

  it('refuses a non-positive EMI or tenure', () => {
    expect(() => generateSchedule({ startDate: '2025-01-01', perDayEmiPaise: 0, totalEmiDays: 3 })).toThrow(
      RangeError,
    );
    expect(() =>
      generateSchedule({ startDate: '2025-01-01', perDayEmiPaise: 1.5, totalEmiDays: 3 }),
    ).toThrow();
    expect(() =>
      generateSchedule({ startDate: '2025-01-01', perDayEmiPaise: 100, totalEmiDays: 0 }),
    ).toThrow();
  });

  it('has one EMI per day for any tenure 1..1000 and any start date', () => {
    const startMs = fc
      .integer({ min: Date.UTC(1990, 0, 1) / DAY, max: Date.UTC(2100, 0, 1) / DAY })
      .map((d) => d * DAY);
    fc.assert(
      fc.property(
        startMs,
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (ms, days, emi) => {
          const start = utcDate(ms);
          const emis = generateSchedule({ startDate: start, perDayEmiPaise: emi, totalEmiDays: days });
          expect(emis).toHaveLength(days);
          const seen = emis.map(
            (e) => `${e.emi_number} ${e.emi_date} ${e.amount} ${e.status} ${e.late_charge}`,
          );
          const wanted = emis.map((_, i) => `${i + 1} ${utcDate(ms + i * DAY)} ${emi} pending 0`);
          expect(seen).toEqual(wanted);
          expect(emis.at(-1)?.emi_date).toBe(endDate(start, days));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('loanTotals', () => {
  it('total = EMI × days, interest = total − amount', () => {
    expect(loanTotals(10_000_00, 1_100_00, 10)).toEqual({
      ok: true,
      totalRepayable: 11_000_00,
      interest: 1_000_00,
    });
    expect(loanTotals(10_000_00, 1_000_00, 10)).toEqual({ ok: true, totalRepayable: 10_000_00, interest: 0 });
  });

  it('refuses a total below the amount, and non-whole inputs', () => {
    expect(loanTotals(10_000_00, 999_99, 10)).toMatchObject({ ok: false, code: 'TOTAL_BELOW_AMOUNT' });
    expect(loanTotals(10_000_00, 100.5, 10)).toMatchObject({ ok: false, code: 'INVALID_AMOUNT' });
    expect(loanTotals(0, 100, 10)).toMatchObject({ ok: false, code: 'INVALID_AMOUNT' });
    expect(loanTotals(100, 2 ** 52, 4)).toMatchObject({ ok: false, code: 'INVALID_AMOUNT' });
  });
});

describe('the partial charge', () => {
  it('is 10% of the remaining, rounded half-up to a whole rupee', () => {
    expect(partialCharge(100_00)).toBe(10_00);
    expect(partialCharge(25_00)).toBe(3_00); // ₹2.50 → ₹3
    expect(partialCharge(24_99)).toBe(2_00); // ₹2.499 → ₹2
    expect(partialCharge(5_00)).toBe(1_00); // ₹0.50 → ₹1
    expect(partialCharge(4_99)).toBe(0);
    expect(partialCharge(0)).toBe(0);
  });

  it('is within half a rupee of 10%, half-up, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 50 }), (remaining) => {
        const charge = partialCharge(remaining);
        expect(charge % 100).toBe(0);
        expect(10 * charge - 500 <= remaining && remaining < 10 * charge + 500).toBe(true);
      }),
    );
  });

  it('integer division is exact up to 2^53', () => {
    expect(intDiv(2 ** 53 - 1, 1000)).toBe(Number(BigInt(2 ** 53 - 1) / 1000n));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 10_000 }),
        (a, b) => {
          expect(intDiv(a, b)).toBe(Number(BigInt(a) / BigInt(b)));
        },
      ),
    );
  });
});

describe('splitRecovery', () => {
  it('splits in the ratio loan : interest, remainder paisa to interest', () => {
    const loan = { loanAmount: 10_000_00, totalRepayable: 12_000_00 };
    expect(splitRecovery(1_200_00, loan)).toEqual({ principal: 1_000_00, interest: 200_00 });
    expect(splitRecovery(1, loan)).toEqual({ principal: 0, interest: 1 });
    expect(splitRecovery(7, { loanAmount: 200, totalRepayable: 300 })).toEqual({ principal: 4, interest: 3 });
    expect(splitRecovery(5_00, { loanAmount: 5_00, totalRepayable: 5_00 })).toEqual({
      principal: 5_00,
      interest: 0,
    });
  });

  it('conserves every paisa and stays within a paisa of the exact ratio', () => {
    const loanArb = fc
      .tuple(fc.integer({ min: 1, max: 10 ** 11 }), fc.integer({ min: 0, max: 10 ** 11 }))
      .map(([loanAmount, interest]) => ({ loanAmount, totalRepayable: loanAmount + interest }));
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 0, max: 10 ** 12 }), (loan, amount) => {
        const { principal, interest } = splitRecovery(amount, loan);
        expect(principal + interest).toBe(amount);
        expect(Number.isSafeInteger(principal) && principal >= 0 && interest >= 0).toBe(true);
        const exact = BigInt(Math.min(amount, loan.totalRepayable)) * BigInt(loan.loanAmount);
        const gap = exact - BigInt(principal) * BigInt(loan.totalRepayable);
        expect(gap >= 0n && gap < BigInt(loan.totalRepayable)).toBe(true);
      }),
    );
  });

  it('collected in any chunks, the principals add up to exactly the loan amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 9 }),
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 40 }),
        (loanAmount, interest, weights) => {
          const totalRepayable = loanAmount + interest;
          const weightSum = weights.reduce((a, b) => a + b, 0);
          // Cut the total into chunks by weight; the last chunk takes what is left.
          let before = 0;
          let principal = 0;
          weights.forEach((weight, i) => {
            const chunk =
              i === weights.length - 1
                ? totalRepayable - before
                : Math.floor((totalRepayable * weight) / weightSum / 2);
            const split = splitRecovery(chunk, { loanAmount, totalRepayable }, before);
            expect(split.principal + split.interest).toBe(chunk);
            principal += split.principal;
            before += chunk;
          });
          expect(principal).toBe(loanAmount);
        },
      ),
      { numRuns: 200 },
    );
  });
});
