import { describe, expect, it } from 'vitest';
import { sampleOverdueRow } from '../testing';
import { groupOverdueByLoan } from './field';

const row = sampleOverdueRow;

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
