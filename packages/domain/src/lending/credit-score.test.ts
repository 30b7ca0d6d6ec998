import { describe, expect, it } from 'vitest';
import {
  type CreditScoreInput,
  creditBand,
  creditScore,
  RECENT_BOUNCE_DAYS,
  recentBounceWindowStart,
} from './credit-score';

/** Counts with no payment-history bonus (EMIs due far above paid) unless given. */
const score = (counts: Partial<CreditScoreInput>) =>
  creditScore({
    paidOnTime: 0,
    paidLate: 0,
    bounced: 0,
    emisDueSoFar: 10_000,
    bouncesLast30Days: 0,
    ...counts,
  });

describe('creditScore', () => {
  it('starts at 850 with no history', () => {
    expect(
      creditScore({ paidOnTime: 0, paidLate: 0, bounced: 0, emisDueSoFar: 0, bouncesLast30Days: 0 }),
    ).toMatchObject({
      score: 850,
      band: 'Excellent',
      bounceRate: 0,
      latePaymentRate: 0,
      paymentHistoryRate: 0,
    });
  });

  it.each([
    [1, 1, -300], // 50%
    [51, 49, -200], // 49%
    [3, 1, -200], // 25%
    [76, 24, -100], // 24%
    [9, 1, -100], // 10%
    [91, 9, -50], // 9%
    [999, 1, -50], // 0.1%
    [10, 0, 0],
  ])('bounce rate of %i paid and %i bounced costs %i', (paidOnTime, bounced, adjustment) => {
    const result = score({ paidOnTime, bounced });
    expect(result.adjustments.bounceRate).toBe(adjustment);
    expect(result.score).toBe(850 + adjustment);
  });

  it.each([
    [7, 3, -100], // 30%
    [71, 29, -50], // 29%
    [85, 15, -50], // 15%
    [86, 14, -25], // 14%
    [999, 1, -25],
    [5, 0, 0],
  ])('late-payment rate of %i on time and %i late costs %i', (paidOnTime, paidLate, adjustment) => {
    expect(score({ paidOnTime, paidLate }).adjustments.latePaymentRate).toBe(adjustment);
  });

  it.each([
    [9, 10, 50], // 90%
    [89, 100, 25], // 89%
    [3, 4, 25], // 75%
    [74, 100, 0], // 74%
    [0, 0, 0],
  ])('payment history of %i paid of %i due adds %i', (paid, due, bonus) => {
    expect(score({ paidOnTime: paid, emisDueSoFar: due }).adjustments.paymentHistory).toBe(bonus);
  });

  it('counts late payments as paid for the history share, and clamps at 850', () => {
    const result = score({ paidOnTime: 0, paidLate: 9, emisDueSoFar: 10 });
    expect(result.adjustments).toMatchObject({ paymentHistory: 50, latePaymentRate: -100 });
    expect(result.score).toBe(800);
    expect(score({ paidOnTime: 10, emisDueSoFar: 10 }).score).toBe(850);
  });

  it('bounces in the last 30 days cost a further 75', () => {
    const result = score({ paidOnTime: 1, bounced: 1, bouncesLast30Days: 1 });
    expect(result.adjustments.recentBounces).toBe(-75);
    expect(result.score).toBe(850 - 300 - 75);
    expect(result.band).toBe('Very Poor');
  });

  it('combines every adjustment', () => {
    // 2 bounced of 10 events (20%): −100; 2 late of 8 paid (25%): −50; 8 of 10 due (80%): +25.
    const result = score({ paidOnTime: 6, paidLate: 2, bounced: 2, emisDueSoFar: 10 });
    expect(result.score).toBe(850 - 100 - 50 + 25);
    expect(result).toMatchObject({
      band: 'Good',
      bounceRate: 20,
      latePaymentRate: 25,
      paymentHistoryRate: 80,
    });
  });

  it.each([
    [850, 'Excellent'],
    [750, 'Excellent'],
    [749, 'Good'],
    [700, 'Good'],
    [699, 'Fair'],
    [650, 'Fair'],
    [649, 'Poor'],
    [600, 'Poor'],
    [599, 'Very Poor'],
    [300, 'Very Poor'],
  ])('a score of %i is %s', (value, band) => {
    expect(creditBand(value)).toBe(band);
  });

  it('reaches each band through the rules', () => {
    expect(score({ paidOnTime: 7, paidLate: 3 })).toMatchObject({ score: 750, band: 'Excellent' });
    expect(score({ paidOnTime: 6, paidLate: 3, bounced: 1 })).toMatchObject({ score: 650, band: 'Fair' });
    expect(score({ paidOnTime: 2, paidLate: 1, bounced: 1 })).toMatchObject({
      score: 550,
      band: 'Very Poor',
    });
    expect(score({ paidOnTime: 9, bounced: 1, bouncesLast30Days: 1 })).toMatchObject({
      score: 675,
      band: 'Fair',
    });
    expect(score({ paidOnTime: 3, bounced: 1 })).toMatchObject({ score: 650, band: 'Fair' });
    expect(score({ paidOnTime: 3, paidLate: 0, bounced: 1, bouncesLast30Days: 2 })).toMatchObject({
      score: 575,
    });
  });
});

describe('recentBounceWindowStart', () => {
  it('opens the 30-day window 29 days before today, so today and the 29 days before it count', () => {
    expect(RECENT_BOUNCE_DAYS).toBe(30);
    expect(recentBounceWindowStart('2026-11-30')).toBe('2026-11-01');
    expect(recentBounceWindowStart('2026-03-01')).toBe('2026-01-31');
  });
});
