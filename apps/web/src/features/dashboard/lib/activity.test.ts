import { describe, expect, it } from 'vitest';
import { activityItems } from './activity';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T06:30:00.000Z`;

describe('activityItems', () => {
  it('merges the sources newest first, keeps 8, and colours each kind', () => {
    const items = activityItems({
      recentLoans: [1, 2, 3].map((n) => ({
        id: n,
        loan_code: `LN-${n}`,
        customer_name: 'Asha',
        loan_amount: 10_000,
        status: 'approved',
        created_at: at(n),
      })),
      recentPayments: [4, 5, 6].map((n) => ({
        id: n,
        loan_id: 1,
        loan_code: 'LN-1',
        customer_name: 'Asha',
        emi_number: n,
        amount: 120,
        payment_mode: 'cash',
        collected_by: 'Ramesh',
        paid_at: at(n),
        updated_at: at(n),
      })),
      recentBounces: [
        {
          id: 7,
          loan_id: 1,
          loan_code: 'LN-1',
          customer_name: 'Asha',
          emi_number: 7,
          amount: 140,
          reason: 'No funds',
          bounced_at: at(7),
        },
      ],
      recentUsers: [
        { id: 8, name: 'Bharat', role: 'agent', created_at: at(8) },
        { id: 9, name: 'Chitra', role: 'user', created_at: at(9) },
      ],
    });
    expect(items.map((i) => i.key)).toEqual([
      'user-9',
      'user-8',
      'bounce-7',
      'payment-6',
      'payment-5',
      'payment-4',
      'loan-3',
      'loan-2',
    ]);
    expect(items.find((i) => i.type === 'bounce')).toMatchObject({
      color: 'red',
      detail: 'EMI 7 of LN-1 bounced: No funds',
      amount: 140,
    });
    expect(items.find((i) => i.type === 'payment')).toMatchObject({
      color: 'green',
      detail: 'EMI 6 of LN-1 paid to Ramesh',
    });
    expect(items.find((i) => i.type === 'loan')).toMatchObject({
      color: 'blue',
      detail: 'New loan LN-3 of ₹10,000',
    });
    expect(items[0]).toMatchObject({ color: 'yellow', amount: null, detail: 'Joined as user' });
  });
});
