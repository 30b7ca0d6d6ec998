import { describe, expect, it } from 'vitest';
import {
  classChangeReason,
  classifyLoans,
  classOfDaysPastDue,
  closeDaysDue,
  isClosable,
  type LoanClass,
  ownClassOf,
} from './rules';

describe('classOfDaysPastDue', () => {
  it.each([
    [0, 'standard'],
    [1, 'sma0'],
    [30, 'sma0'],
    [31, 'sma1'],
    [60, 'sma1'],
    [61, 'sma2'],
    [90, 'sma2'],
    [91, 'npa'],
    [400, 'npa'],
  ] as const)('%i days past due is %s', (days, expected) => {
    expect(classOfDaysPastDue(days)).toBe(expected);
  });

  it('refuses days that are not a whole number of at least 0', () => {
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => classOfDaysPastDue(bad)).toThrow(RangeError);
  });
});

describe('ownClassOf: an NPA loan is upgraded only when all its arrears are paid', () => {
  it('keeps an NPA loan NPA while any day is past due, however few', () => {
    expect(ownClassOf(91, 'sma2')).toBe('npa');
    expect(ownClassOf(45, 'npa')).toBe('npa');
    expect(ownClassOf(1, 'npa')).toBe('npa');
  });

  it('makes it standard, not an SMA class, once nothing is past due', () => {
    expect(ownClassOf(0, 'npa')).toBe('standard');
  });

  it('moves the SMA classes with the days both ways', () => {
    const path: [number, LoanClass][] = [
      [5, 'sma0'],
      [35, 'sma1'],
      [20, 'sma0'],
      [0, 'standard'],
    ];
    let previous: LoanClass = 'standard';
    for (const [days, expected] of path) {
      previous = ownClassOf(days, previous);
      expect(previous).toBe(expected);
    }
  });
});

describe('classifyLoans: one NPA loan makes every loan of its borrower NPA', () => {
  const loan = (
    loanId: number,
    customerId: number,
    daysPastDue: number,
    previousOwn: LoanClass = 'standard',
  ) => ({
    loanId,
    customerId,
    daysPastDue,
    previousOwn,
  });

  it("reports the borrower's other loans NPA, each keeping its own class", () => {
    const result = classifyLoans([loan(1, 7, 95), loan(2, 7, 0), loan(3, 7, 40), loan(4, 8, 40)]);
    expect(result.map((r) => [r.loanId, r.ownClass, r.loanClass, r.byBorrower])).toEqual([
      [1, 'npa', 'npa', false],
      [2, 'standard', 'npa', true],
      [3, 'sma1', 'npa', true],
      [4, 'sma1', 'sma1', false],
    ]);
  });

  it('counts an NPA kept by unpaid arrears, and frees the other loans once it is upgraded', () => {
    const kept = classifyLoans([loan(1, 7, 10, 'npa'), loan(2, 7, 0)]);
    expect(kept.map((r) => r.loanClass)).toEqual(['npa', 'npa']);
    const paid = classifyLoans([loan(1, 7, 0, 'npa'), loan(2, 7, 0)]);
    expect(paid.map((r) => r.loanClass)).toEqual(['standard', 'standard']);
  });
});

describe('classChangeReason', () => {
  const at = (loanClass: LoanClass, ownClass: LoanClass = loanClass) => ({ loanClass, ownClass });
  const to = (loanClass: LoanClass, ownClass: LoanClass, byBorrower = false) => ({
    loanId: 1,
    customerId: 1,
    daysPastDue: 0,
    loanClass,
    ownClass,
    byBorrower,
  });

  it('names no reason when nothing moved, and the rule that moved it otherwise', () => {
    expect(classChangeReason(at('sma1'), to('sma1', 'sma1'))).toBeNull();
    expect(classChangeReason(at('sma0'), to('sma1', 'sma1'))).toBe('days_past_due');
    expect(classChangeReason(at('sma0'), to('npa', 'sma0', true))).toBe('borrower_npa');
    expect(classChangeReason(at('npa'), to('standard', 'standard'))).toBe('arrears_paid');
  });

  it('records a change of the own class under an unchanged reported NPA', () => {
    expect(classChangeReason(at('npa', 'sma0'), to('npa', 'sma1', true))).toBe('borrower_npa');
  });
});

describe('closeDaysDue: the days the close still owes, oldest first', () => {
  it('owes today once its close time has passed, else up to yesterday', () => {
    const base = { lastClosed: '2026-11-27', today: '2026-11-29', closeAt: '23:30' };
    expect(closeDaysDue({ ...base, nowTime: '10:00' })).toEqual(['2026-11-28']);
    expect(closeDaysDue({ ...base, nowTime: '23:30' })).toEqual(['2026-11-28', '2026-11-29']);
  });

  it('catches up every missed day in order, across a month end and a leap day', () => {
    expect(
      closeDaysDue({ lastClosed: '2028-02-27', today: '2028-03-02', nowTime: '01:00', closeAt: '23:00' }),
    ).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('owes nothing when the latest closable day is closed, and only that day before any close', () => {
    expect(
      closeDaysDue({ lastClosed: '2026-11-28', today: '2026-11-29', nowTime: '09:00', closeAt: '23:30' }),
    ).toEqual([]);
    expect(
      closeDaysDue({ lastClosed: null, today: '2026-11-29', nowTime: '09:00', closeAt: '23:30' }),
    ).toEqual(['2026-11-28']);
  });
});

describe('isClosable', () => {
  it('closes a past day at any time, today only after its close time, never a later day', () => {
    expect(isClosable('2026-11-28', '2026-11-29', '00:00', '23:30')).toBe(true);
    expect(isClosable('2026-11-29', '2026-11-29', '23:29', '23:30')).toBe(false);
    expect(isClosable('2026-11-29', '2026-11-29', '23:30', '23:30')).toBe(true);
    expect(isClosable('2026-11-30', '2026-11-29', '23:59', '23:30')).toBe(false);
  });
});
