import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyExact, roleLabel } from './format';

describe('money formatters', () => {
  it('show large amounts to the paisa', () => {
    expect(formatMoneyExact(99999999.99)).toBe('₹9,99,99,999.99');
    expect(formatMoneyExact(524288.07)).toBe('₹5,24,288.07');
    expect(formatMoney(999999999.99)).toBe('₹1,00,00,00,000');
  });

  it('never throw, whatever number they are given', () => {
    fc.assert(
      fc.property(fc.double(), (rupees) => {
        expect(typeof formatMoney(rupees)).toBe('string');
        expect(typeof formatMoneyExact(rupees)).toBe('string');
      }),
    );
    expect(formatMoneyExact(1e15)).toBe('₹-');
  });
});

describe('roleLabel', () => {
  it('capitalises role names', () => {
    expect(roleLabel('agent')).toBe('Agent');
    expect(roleLabel('')).toBe('');
  });
});
