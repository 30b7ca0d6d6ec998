import { describe, expect, it } from 'vitest';
import { durationText, monthWindowsOf, percentChange, windowEnd } from './months';

describe('monthWindowsOf', () => {
  it('gives this month, next month and last month', () => {
    expect(monthWindowsOf('2026-11-24')).toEqual({
      currentStart: '2026-11-01',
      nextStart: '2026-12-01',
      lastStart: '2026-10-01',
    });
  });

  it('crosses year ends both ways', () => {
    expect(monthWindowsOf('2026-01-31')).toMatchObject({ lastStart: '2025-12-01', nextStart: '2026-02-01' });
    expect(monthWindowsOf('2026-12-01')).toMatchObject({
      currentStart: '2026-12-01',
      nextStart: '2027-01-01',
    });
  });
});

describe('windowEnd', () => {
  it('counts today as the first day', () => {
    expect(windowEnd('2026-11-24', 30)).toBe('2026-12-23');
    expect(windowEnd('2026-11-24', 1)).toBe('2026-11-24');
  });
});

describe('percentChange', () => {
  it('is 0 when last month is 0', () => {
    expect(percentChange(5, 0)).toBe(0);
  });

  it('rounds to one decimal, both directions', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(0, 4)).toBe(-100);
  });
});

describe('durationText', () => {
  it('shows the two largest units', () => {
    expect(durationText(12)).toBe('12s');
    expect(durationText(250)).toBe('4m 10s');
    expect(durationText(3 * 3600 + 12 * 60 + 5)).toBe('3h 12m');
    expect(durationText(2 * 86_400 + 3 * 3600 + 59)).toBe('2d 3h');
    expect(durationText(-5)).toBe('0s');
  });
});
