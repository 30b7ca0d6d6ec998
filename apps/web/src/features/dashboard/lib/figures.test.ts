import { describe, expect, it } from 'vitest';
import { money, moneyOfPaise, totalPaise } from './figures';

describe('dashboard money', () => {
  it('shows paise only when a figure has them', () => {
    expect(money(95.5)).toBe('₹95.50');
    expect(money(1500)).toBe('₹1,500');
    expect(money(524288.07)).toBe('₹5,24,288.07');
  });

  it('adds rupee figures in paise: 0.1 + 0.2 is exactly 30 paise, not 0.30000000000000004', () => {
    expect(totalPaise(0.1, 0.2)).toBe(30);
    expect(moneyOfPaise(totalPaise(0.1, 0.2))).toBe('₹0.30');
    expect(totalPaise(524288.07, 0.01, 1.1)).toBe(52428918);
    expect(totalPaise()).toBe(0);
  });

  it('shows an amount that is no whole number of paise as unknown rather than a rounded figure', () => {
    expect(money(0.1 + 0.2)).toBe('₹-');
  });
});
