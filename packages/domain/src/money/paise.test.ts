import { describe, expect, it } from 'vitest';
import { paiseToRupeesOrNull, plainRupees } from './paise';

describe('rupees for answers and spreadsheets', () => {
  it('writes plain rupees with two decimals and no grouping', () => {
    expect(plainRupees(123_456_700)).toBe('1234567.00');
    expect(plainRupees(5)).toBe('0.05');
  });

  it('keeps a missing amount missing', () => {
    expect(paiseToRupeesOrNull(null)).toBeNull();
    expect(paiseToRupeesOrNull(12_050)).toBe(120.5);
  });
});
