import { describe, expect, it } from 'vitest';
import { EVERY_DAY } from '../calendar/calendar';
import { addDays } from '../time/ist';
import {
  ageingBucketOf,
  type BucketAmounts,
  collectionEfficiency,
  firstBookDay,
  instalmentDate,
  instalmentsDatedBy,
  isAtRisk,
  loanRiskAsOf,
  parFromBuckets,
  percentShare,
  periodWindow,
} from './rules';

// ₹100 a day for 10 days from 1 March, ₹900 lent.
const loan = {
  startDate: '2026-03-01',
  perDayEmi: 10_000,
  totalEmiDays: 10,
  loanAmount: 90_000,
  instalmentPaid: 0,
  principalRecovered: 0,
};

describe('firstBookDay', () => {
  it('is the start of a loan made here', () => {
    expect(firstBookDay({ startDate: '2026-10-01', cutOverDate: null })).toBe('2026-10-01');
  });

  it('is the cut-over day of a loan taken over after it started', () => {
    expect(firstBookDay({ startDate: '2026-10-01', cutOverDate: '2026-11-21' })).toBe('2026-11-21');
  });

  it('is the start of a loan taken over before it started', () => {
    expect(firstBookDay({ startDate: '2026-12-01', cutOverDate: '2026-11-21' })).toBe('2026-12-01');
  });
});

describe('loanRiskAsOf', () => {
  it('is not overdue on the day of its first instalment, 1 day overdue the next day', () => {
    expect(loanRiskAsOf(loan, '2026-03-01')).toMatchObject({
      daysOverdue: 0,
      arrears: 10_000,
      dueToDate: 10_000,
    });
    expect(loanRiskAsOf(loan, '2026-03-02')).toMatchObject({
      daysOverdue: 1,
      oldestUnpaidDate: '2026-03-01',
      arrears: 20_000,
    });
  });

  it('applies payments to the oldest instalments first: a partial leaves its own instalment unpaid', () => {
    const risk = loanRiskAsOf({ ...loan, instalmentPaid: 25_000, principalRecovered: 22_500 }, '2026-03-06');
    expect(risk).toEqual({
      outstandingPrincipal: 67_500,
      dueToDate: 60_000,
      arrears: 35_000,
      oldestUnpaidDate: '2026-03-03',
      daysOverdue: 3,
    });
  });

  it('is never overdue once every instalment is paid, and counts nothing before the start', () => {
    expect(loanRiskAsOf({ ...loan, instalmentPaid: 100_000 }, '2026-04-01').daysOverdue).toBe(0);
    expect(loanRiskAsOf(loan, '2026-02-20')).toMatchObject({ dueToDate: 0, arrears: 0, daysOverdue: 0 });
    // Paid ahead: no arrears, not overdue.
    expect(loanRiskAsOf({ ...loan, instalmentPaid: 50_000 }, '2026-03-03')).toMatchObject({
      arrears: 0,
      daysOverdue: 0,
    });
  });
});

// 21 November 2026 is a Saturday. A Monday-to-Saturday loan dates its instalments 21, 23, 24, ... 28,
// 30 November; an every-day loan skipping the holiday of 25 November dates them 21–24, 26, 27, ...
describe('a loan on a collection calendar', () => {
  const sundayOff = {
    ...loan,
    startDate: '2026-11-21',
    calendar: { offDays: ['sunday'] as const, holidays: new Set<string>() },
  };
  const holiday = {
    ...loan,
    startDate: '2026-11-21',
    calendar: { offDays: [], holidays: new Set(['2026-11-25']) },
  };

  it('dates by a Monday the Saturday and the Monday, not the Sunday between', () => {
    expect(instalmentsDatedBy(sundayOff, '2026-11-22')).toBe(1);
    expect(instalmentsDatedBy(sundayOff, '2026-11-23')).toBe(2);
    expect(instalmentsDatedBy(sundayOff, '2026-12-31')).toBe(10);
    expect(instalmentDate(sundayOff, 2)).toBe('2026-11-23');
    // Saturday's instalment paid: Monday's is the oldest unpaid, dated today, so nothing is overdue.
    expect(loanRiskAsOf({ ...sundayOff, instalmentPaid: 10_000 }, '2026-11-23')).toMatchObject({
      dueToDate: 20_000,
      arrears: 10_000,
      oldestUnpaidDate: null,
      daysOverdue: 0,
    });
    expect(loanRiskAsOf({ ...sundayOff, instalmentPaid: 10_000 }, '2026-11-24')).toMatchObject({
      oldestUnpaidDate: '2026-11-23',
      daysOverdue: 1,
    });
    // Nothing paid: Saturday's instalment was due two calendar days before Monday.
    expect(loanRiskAsOf(sundayOff, '2026-11-23').daysOverdue).toBe(2);
  });

  it('dates the oldest unpaid instalment past a skipped holiday', () => {
    const paidFour = { ...holiday, instalmentPaid: 40_000 };
    expect(instalmentDate(holiday, 5)).toBe('2026-11-26');
    expect(loanRiskAsOf(paidFour, '2026-11-26')).toMatchObject({ dueToDate: 50_000, daysOverdue: 0 });
    expect(loanRiskAsOf(paidFour, '2026-11-28')).toMatchObject({
      dueToDate: 70_000,
      arrears: 30_000,
      oldestUnpaidDate: '2026-11-26',
      daysOverdue: 2,
    });
    expect(instalmentsDatedBy(holiday, '2026-11-25')).toBe(4);
  });

  it('is start + n − 1 without a calendar', () => {
    for (let d = -2; d <= 12; d += 1) {
      const day = addDays(loan.startDate, d);
      expect(instalmentsDatedBy(loan, day)).toBe(Math.min(10, Math.max(0, d + 1)));
      expect(instalmentsDatedBy({ ...loan, calendar: EVERY_DAY }, day)).toBe(
        Math.min(10, Math.max(0, d + 1)),
      );
    }
    expect([1, 10].map((n) => instalmentDate(loan, n))).toEqual(['2026-03-01', '2026-03-10']);
  });
});

describe('PAR and ageing', () => {
  it('puts the thresholds on the buckets edges', () => {
    expect([0, 1, 7, 8, 30, 31, 90, 91, 400].map(ageingBucketOf)).toEqual([
      null,
      '1-7',
      '1-7',
      '8-30',
      '8-30',
      '31-90',
      '31-90',
      '91+',
      '91+',
    ]);
    expect([isAtRisk(1, 1), isAtRisk(7, 7), isAtRisk(8, 7), isAtRisk(30, 30), isAtRisk(91, 90)]).toEqual([
      true,
      false,
      true,
      false,
      true,
    ]);
  });

  it('sums the buckets beyond a threshold', () => {
    const buckets: BucketAmounts = {
      current: { loans: 5, amount: 500 },
      '1-7': { loans: 1, amount: 10 },
      '8-30': { loans: 2, amount: 20 },
      '31-90': { loans: 3, amount: 30 },
      '91+': { loans: 4, amount: 40 },
    };
    expect([1, 7, 30, 90].map((n) => parFromBuckets(buckets, n as 1 | 7 | 30 | 90))).toEqual([
      { loans: 10, amount: 100 },
      { loans: 9, amount: 90 },
      { loans: 7, amount: 70 },
      { loans: 4, amount: 40 },
    ]);
  });

  it('gives shares to two decimals and 0 of nothing', () => {
    expect(percentShare(1, 3)).toBe(33.33);
    expect(percentShare(2, 3)).toBe(66.67);
    expect(percentShare(5, 0)).toBe(0);
  });
});

describe('collection efficiency', () => {
  it('adds the arrears at the start to the instalments dated in the period', () => {
    expect(collectionEfficiency({ collected: 30_000, arrearsAtStart: 10_000, dueInPeriod: 30_000 })).toEqual({
      collected: 30_000,
      arrearsAtStart: 10_000,
      dueInPeriod: 30_000,
      due: 40_000,
      ratio: 75,
    });
  });

  // 4 March 2026 is a Wednesday: weeks run Monday to Sunday, months to their last day, never past today.
  it.each([
    ['day', '2026-03-04', '2026-03-10', '2026-03-04', '2026-03-04'],
    ['week', '2026-03-04', '2026-03-10', '2026-03-02', '2026-03-08'],
    ['week', '2026-03-04', '2026-03-05', '2026-03-02', '2026-03-05'],
    ['month', '2026-02-14', '2026-12-01', '2026-02-01', '2026-02-28'],
    ['month', '2026-12-14', '2027-01-01', '2026-12-01', '2026-12-31'],
  ] as const)('the %s of %s, today %s, runs %s to %s', (period, day, today, from, through) => {
    expect(periodWindow(period, day, today)).toEqual({ from, through });
  });
});

describe('the worked example of docs/portfolio.md', () => {
  const terms = { startDate: '2026-03-01', perDayEmi: 10_000, totalEmiDays: 10, loanAmount: 80_000 };
  const loanA = { ...terms, instalmentPaid: 54_000, principalRecovered: 43_200 };
  const loanB = { ...terms, instalmentPaid: 20_000, principalRecovered: 16_000 };

  it('ages, values and sums the two loans as of 12 March', () => {
    const a = loanRiskAsOf(loanA, '2026-03-12');
    const b = loanRiskAsOf(loanB, '2026-03-12');
    expect([a.daysOverdue, a.arrears, a.outstandingPrincipal, ageingBucketOf(a.daysOverdue)]).toEqual([
      6,
      46_000,
      36_800,
      '1-7',
    ]);
    expect([b.daysOverdue, b.arrears, b.outstandingPrincipal, ageingBucketOf(b.daysOverdue)]).toEqual([
      9,
      80_000,
      64_000,
      '8-30',
    ]);
    expect(percentShare(b.outstandingPrincipal, a.outstandingPrincipal + b.outstandingPrincipal)).toBe(63.49);
  });

  it('gives the week of 2–8 March 42.67%', () => {
    const arrears = loanRiskAsOf({ ...loanB, instalmentPaid: 0 }, '2026-03-01').arrears;
    expect(periodWindow('week', '2026-03-05', '2026-03-12')).toEqual({
      from: '2026-03-02',
      through: '2026-03-08',
    });
    expect(
      collectionEfficiency({ collected: 64_000, arrearsAtStart: arrears, dueInPeriod: 140_000 }).ratio,
    ).toBe(42.67);
  });
});
