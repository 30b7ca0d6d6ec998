import { describe, expect, it } from 'vitest';
import {
  dueCursorOf,
  dueRangeMessages,
  emiMessages,
  ZBounceEmiRequest,
  ZClearAllChargesRequest,
  ZDueEmisQuery,
  ZPayEmiRequest,
  ZUpdatePaymentDateRequest,
} from './emis';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('EMI contracts', () => {
  it('pay: cash and full by default, blank amounts left out, unknown modes refused', () => {
    expect(ZPayEmiRequest.parse({ payment_amount: '', late_charge_amount: null })).toEqual({
      payment_mode: 'cash',
      payment_type: 'full',
    });
    expect(ZPayEmiRequest.parse({ payment_amount: '99.50', payment_type: 'partial' }).payment_amount).toBe(
      99.5,
    );
    expect(messageOf(ZPayEmiRequest.safeParse({ payment_mode: 'gold' }))).toBe('Unknown payment mode');
    expect(messageOf(ZPayEmiRequest.safeParse({ late_charge_amount: -1 }))).toBe('Amount cannot be negative');
  });

  it("bounce: a blank reason is 'Payment failed'", () => {
    expect(ZBounceEmiRequest.parse({ reason: '  ' })).toMatchObject({ reason: 'Payment failed', notes: '' });
    expect(ZBounceEmiRequest.parse({ reason: 'Insufficient funds', late_charges: '50' })).toMatchObject({
      reason: 'Insufficient funds',
      late_charges: 50,
    });
  });

  it('loan-wide clear: any unusable amount answers the spec’s one message', () => {
    const spec = 'Please enter the exact latest late charge amount to clear all charges.';
    for (const amount of [undefined, '', null, 'abc', 1.234])
      expect(messageOf(ZClearAllChargesRequest.safeParse({ amount }))).toBe(spec);
    expect(ZClearAllChargesRequest.parse({ amount: '22' }).amount).toBe(22);
  });

  it('payment date: the spec’s messages', () => {
    const base = { loanId: 1, emiKey: 2 };
    expect(messageOf(ZUpdatePaymentDateRequest.safeParse(base))).toBe('Please select a payment date');
    expect(messageOf(ZUpdatePaymentDateRequest.safeParse({ ...base, payment_date: ' ' }))).toBe(
      'Please select a payment date',
    );
    expect(messageOf(ZUpdatePaymentDateRequest.safeParse({ ...base, payment_date: '2026-02-30' }))).toBe(
      'Please select a valid date',
    );
    expect(ZUpdatePaymentDateRequest.parse({ loanId: '1', emiKey: '2', payment_date: '2026-11-21' })).toEqual(
      {
        loanId: 1,
        emiKey: 2,
        payment_date: '2026-11-21',
      },
    );
  });

  it('due list: status pending by default', () => {
    expect(ZDueEmisQuery.parse({ status: '' }).status).toBe('pending');
    expect(messageOf(ZDueEmisQuery.safeParse({ date: '2026-13-01' }))).toBe(
      'Date must be a valid YYYY-MM-DD date',
    );
  });

  it('due list: 50 rows a page by default, at most 200; the cursor is the last row read', () => {
    expect(ZDueEmisQuery.parse({ limit: '', cursor: '' })).toMatchObject({ limit: 50, cursor: undefined });
    const next = ZDueEmisQuery.parse({ limit: '200', cursor: dueCursorOf(41, 7) });
    expect(next).toMatchObject({ limit: 200, cursor: { loanId: 41, emiNumber: 7 } });
    expect(messageOf(ZDueEmisQuery.safeParse({ limit: '201' }))).toBe('limit must be between 1 and 200');
    expect(messageOf(ZDueEmisQuery.safeParse({ cursor: '41' }))).toBe('Invalid cursor');
    expect(messageOf(ZDueEmisQuery.safeParse({ cursor: '2147483648.1' }))).toBe('Invalid cursor');
  });

  it('due list: a range names both its days, in order', () => {
    expect(ZDueEmisQuery.parse({ date: '2026-11-21', dates: 'range', to: '2026-12-20' })).toMatchObject({
      dates: 'range',
      to: '2026-12-20',
    });
    expect(messageOf(ZDueEmisQuery.safeParse({ date: '2026-11-21', dates: 'range' }))).toBe(
      dueRangeMessages.bounds,
    );
    expect(messageOf(ZDueEmisQuery.safeParse({ dates: 'range', to: '2026-11-21' }))).toBe(
      dueRangeMessages.bounds,
    );
    expect(messageOf(ZDueEmisQuery.safeParse({ date: '2026-11-21', dates: 'range', to: '2026-11-20' }))).toBe(
      dueRangeMessages.order,
    );
    // `to` means nothing to the other scopes.
    expect(ZDueEmisQuery.parse({ dates: 'day', to: '2026-11-01' }).dates).toBe('day');
  });

  it('messages never round a paisa away', () => {
    expect(emiMessages.partiallyPaid(10_000, 2_000)).toBe(
      'Partial payment of ₹100 received. Remaining balance: ₹20.',
    );
    expect(emiMessages.partiallyPaid(12_345_675, 5)).toBe(
      'Partial payment of ₹1,23,456.75 received. Remaining balance: ₹0.05.',
    );
    expect(emiMessages.fullyPaid(7)).toBe('EMI 7 fully paid.');
    expect(emiMessages.bounced(7)).toBe('EMI 7 marked as bounced');
  });
});
