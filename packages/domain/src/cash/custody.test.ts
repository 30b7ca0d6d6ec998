import { describe, expect, it } from 'vitest';
import { cashAgeDays, cashInHand, checkHandover, isCashOverdue, oldestHeldDay } from './custody';

describe('cash in hand', () => {
  it('is cash collected less what handovers took from the hand (received − difference)', () => {
    // ₹1,000 collected; a handover of ₹600 counted ₹580 (shortfall ₹20), one of ₹100 counted ₹110 (excess).
    expect(
      cashInHand(100_000, [
        { received: 58_000, difference: -2_000 },
        { received: 11_000, difference: 1_000 },
      ]),
    ).toBe(30_000);
  });
});

describe('checkHandover', () => {
  it('refuses more than the collector holds', () => {
    expect(checkHandover({ held: 50_000, declared: 50_001, received: 50_001 })).toMatchObject({
      ok: false,
      code: 'CASH_HANDOVER_EXCEEDS_HELD',
    });
  });
  it('needs a reason for a shortfall or an excess', () => {
    expect(checkHandover({ held: 50_000, declared: 50_000, received: 49_900 })).toMatchObject({
      ok: false,
      code: 'CASH_DIFFERENCE_NEEDS_REASON',
    });
    expect(checkHandover({ held: 50_000, declared: 40_000, received: 40_100, reason: '  ' })).toMatchObject({
      ok: false,
      code: 'CASH_DIFFERENCE_NEEDS_REASON',
    });
  });
  it('answers the difference, negative for a shortfall', () => {
    expect(checkHandover({ held: 50_000, declared: 50_000, received: 49_900, reason: 'torn note' })).toEqual({
      ok: true,
      figures: { declared: 50_000, received: 49_900, difference: -100 },
    });
    expect(checkHandover({ held: 50_000, declared: 50_000, received: 50_000 })).toEqual({
      ok: true,
      figures: { declared: 50_000, received: 50_000, difference: 0 },
    });
  });
});

describe('oldestHeldDay (first in, first out)', () => {
  const days = [
    { date: '2026-11-22', net: 30_000 },
    { date: '2026-11-20', net: 10_000 },
    { date: '2026-11-21', net: 20_000 },
  ];
  it('is the first day not wholly relieved by handovers', () => {
    expect(oldestHeldDay(days, 0)).toBe('2026-11-20');
    expect(oldestHeldDay(days, 10_000)).toBe('2026-11-21');
    expect(oldestHeldDay(days, 29_999)).toBe('2026-11-21');
    expect(oldestHeldDay(days, 30_000)).toBe('2026-11-22');
  });
  it('is null when nothing is held', () => {
    expect(oldestHeldDay(days, 60_000)).toBeNull();
    expect(oldestHeldDay([], 0)).toBeNull();
  });
  it('lets a day of refunds cancel earlier cash', () => {
    expect(oldestHeldDay([...days, { date: '2026-11-23', net: -60_000 }], 0)).toBeNull();
  });
});

describe('age', () => {
  it('counts whole days since the oldest cash and flags more than one', () => {
    expect(cashAgeDays('2026-11-20', '2026-11-22')).toBe(2);
    expect(cashAgeDays(null, '2026-11-22')).toBeNull();
    expect(isCashOverdue(1)).toBe(false);
    expect(isCashOverdue(2)).toBe(true);
    expect(isCashOverdue(null)).toBe(false);
  });
});
