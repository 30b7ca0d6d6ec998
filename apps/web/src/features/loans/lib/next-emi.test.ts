import { describe, expect, it } from 'vitest';
import { nextEmiIn } from './next-emi';

describe('Next EMI In', () => {
  const today = '2026-11-21';
  it('says Today, Tomorrow, N days or N/A', () => {
    expect(nextEmiIn('2026-11-21', today)).toBe('Today');
    expect(nextEmiIn('2026-11-22', today)).toBe('Tomorrow');
    expect(nextEmiIn('2026-11-25', today)).toBe('4 days');
    expect(nextEmiIn('2026-12-21', today)).toBe('30 days');
    expect(nextEmiIn(null, today)).toBe('N/A');
    expect(nextEmiIn('2026-11-20', today)).toBe('N/A');
    expect(nextEmiIn('not a date', today)).toBe('N/A');
  });
});
