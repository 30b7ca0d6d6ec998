import { describe, expect, it } from 'vitest';
import type { TOverdueEmiRow } from '../schemas/field';
import {
  agentSuccessRate,
  bounceAgeDays,
  daysLabel,
  groupOverdueByLoan,
  istDayRange,
  istToday,
  nextEmiIn,
  nextPendingEmiDate,
} from './field';

const row = (overrides: Partial<TOverdueEmiRow>): TOverdueEmiRow => ({
  loan_id: 1,
  loan_code: 'LN0001',
  customer_id: 40,
  customer_name: 'Sunita Devi',
  customer_mobile: '9876500001',
  emi_number: 1,
  emi_date: '2026-11-01',
  status: 'pending',
  amount: 500,
  late_charge: 0,
  ...overrides,
});

describe('groupOverdueByLoan', () => {
  it('groups per loan with the earliest date, count, EMI numbers and totals in paise', () => {
    const groups = groupOverdueByLoan([
      row({ emi_number: 3, emi_date: '2026-11-03', amount: 500.5, late_charge: 0.1 }),
      row({ loan_id: 2, loan_code: 'LN0002', customer_name: 'Ravi', emi_number: 7, emi_date: '2026-11-10' }),
      row({ emi_number: 2, emi_date: '2026-11-02', status: 'bounced', amount: 500, late_charge: 100.2 }),
    ]);
    expect(groups.map((group) => group.loan_code)).toEqual(['LN0001', 'LN0002']);
    const [first, second] = groups;
    expect(first).toMatchObject({
      overdue_since: '2026-11-02',
      count: 2,
      overdue_emi_numbers: [2, 3],
      total_emi_amount: 100050,
      total_late_charges: 10030,
      total_due: 110080,
    });
    expect(first?.emis.map((emi) => emi.emi_number)).toEqual([2, 3]);
    expect(second).toMatchObject({ overdue_since: '2026-11-10', count: 1, total_due: 50000 });
  });

  it('counts a row repeated across pages once and answers [] for no rows', () => {
    const repeated = row({ emi_number: 4 });
    expect(groupOverdueByLoan([repeated, { ...repeated }])[0]?.count).toBe(1);
    expect(groupOverdueByLoan([])).toEqual([]);
  });
});

describe('agentSuccessRate', () => {
  it('is overdue loans ÷ (overdue loans + 10) as a percentage', () => {
    expect(agentSuccessRate(0)).toBe(0);
    expect(agentSuccessRate(10)).toBe(50);
    expect(agentSuccessRate(5)).toBe(33.3);
    expect(agentSuccessRate(2)).toBe(16.7);
    expect(agentSuccessRate(90)).toBe(90);
  });
});

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

  it('finds the earliest pending EMI dated today or later', () => {
    const emis = [
      { status: 'pending', emi_date: '2026-11-20' },
      { status: 'paid', emi_date: '2026-11-21' },
      { status: 'pending', emi_date: '2026-11-23' },
      { status: 'pending', emi_date: '2026-11-22' },
      { status: 'bounced', emi_date: '2026-11-21' },
    ];
    expect(nextPendingEmiDate(emis, today)).toBe('2026-11-22');
    expect(nextPendingEmiDate(emis.slice(0, 2), today)).toBeNull();
  });

  it('takes today in Asia/Kolkata', () => {
    expect(istToday(new Date('2026-11-20T18:29:59Z'))).toBe('2026-11-20');
    expect(istToday(new Date('2026-11-20T18:30:00Z'))).toBe('2026-11-21');
  });
});

describe('bounce age and ranges', () => {
  it('counts whole IST days since the bounce', () => {
    expect(bounceAgeDays('2026-11-18T20:00:00.000Z', '2026-11-21')).toBe(2);
    expect(bounceAgeDays('2026-11-21', '2026-11-21')).toBe(0);
    expect(bounceAgeDays('2026-11-25', '2026-11-21')).toBe(0);
    expect(daysLabel(1)).toBe('1 day');
    expect(daysLabel(3)).toBe('3 days');
  });

  it('sends a day range as IST date-times', () => {
    expect(istDayRange('2026-11-01', '2026-11-21')).toEqual({
      startDate: '2026-11-01 00:00:00',
      endDate: '2026-11-21 23:59:59',
    });
    expect(istDayRange(null, null)).toEqual({});
  });
});
