import { describe, expect, it } from 'vitest';
import { handoverDifference, otherModesPaise } from './cash-figures';

const modes = { cash: 0, upi: 0, bank_transfer: 0, cheque: 0, card: 0, other: 0 };

describe('cash figures in paise', () => {
  it('sums the modes other than cash exactly, where rupee floats give 0.30000000000000004', () => {
    expect(otherModesPaise({ collected_today: { ...modes, cash: 999.99, upi: 0.1, cheque: 0.2 } })).toBe(30);
    expect(
      otherModesPaise({ collected_today: { ...modes, upi: 524288.07, bank_transfer: 0.01, other: 0.02 } }),
    ).toBe(52428810);
  });

  it('tells the handover difference in paise, none while a field is blank', () => {
    expect(handoverDifference(0.3, '0.1')).toBe(-20);
    expect(handoverDifference('1500.10', 1500.3)).toBe(20);
    expect(handoverDifference('', 100)).toBe(0);
    expect(handoverDifference(100, 'abc')).toBe(0);
  });
});
