import { describe, expect, it } from 'vitest';
import { groupOverdueByLoan } from '../web-rules/field';
import { isCollectedAtInBounds, isSyncedLate } from './collected-at';
import {
  classifySyncFailure,
  creditHeldKeyOf,
  holdRequestOfQueued,
  partialLimitOf,
  queuedCollectionOf,
  queueOrder,
  requestOfQueued,
  type TQueuedCollection,
  waitedOnPhone,
  waitingByLoan,
} from './queue';

const [group] = groupOverdueByLoan([
  {
    loan_id: 7,
    loan_code: 'LN0007',
    customer_id: 1,
    customer_name: 'Asha',
    customer_mobile: null,
    emi_number: 2,
    emi_date: '2026-11-19',
    status: 'pending',
    amount: 500,
    late_charge: 0,
  },
  {
    loan_id: 7,
    loan_code: 'LN0007',
    customer_id: 1,
    customer_name: 'Asha',
    customer_mobile: null,
    emi_number: 3,
    emi_date: '2026-11-20',
    status: 'pending',
    amount: 500,
    late_charge: 25.5,
  },
]);
if (!group) throw new Error('no group');
const now = new Date('2026-11-21T06:30:00Z');
const input = { agentId: 3, key: 'k-1', mode: 'cash' as const, lateCharge: null, partialAmount: null, now };

describe('a collection queued on the phone', () => {
  it('takes every overdue EMI in full, late charges included, and is sent as the overdue collection', () => {
    const item = queuedCollectionOf(group, { ...input, lateCharge: 1_000 });
    expect(item).toMatchObject({ kind: 'overdue', emiNumbers: [2, 3], amount: 103_550, lateCharge: 1_000 });
    expect(requestOfQueued(item)).toEqual({
      path: '/emis/pay-overdue',
      body: {
        loan_id: 7,
        payment_mode: 'cash',
        expected_total: 1035.5,
        late_charge_amount: 10,
        collected_at: '2026-11-21T06:30:00.000Z',
      },
    });
  });

  it('takes a partial amount on the oldest overdue EMI only, as a partial payment of it', () => {
    expect(partialLimitOf(group)).toBe(50_000);
    const item = queuedCollectionOf(group, { ...input, partialAmount: 20_000, lateCharge: 500 });
    expect(item).toMatchObject({ kind: 'partial', emiNumbers: [2], amount: 20_000, lateCharge: null });
    expect(requestOfQueued(item)).toEqual({
      path: '/emi/pay/7/2',
      body: {
        payment_type: 'partial',
        payment_amount: 200,
        payment_mode: 'cash',
        collected_at: now.toISOString(),
      },
    });
  });

  it('a conflicted one can be kept as credit held: the cash taken, its phone time, under a derived key', () => {
    const item = {
      ...queuedCollectionOf(group, { ...input, lateCharge: 1_000 }),
      conflict: { code: 'EMI_ALREADY_PAID', message: 'paid by someone else' },
    };
    expect(holdRequestOfQueued(item)).toEqual({
      path: '/loans/7/hold-cash',
      body: {
        amount: 1035.5,
        payment_mode: 'cash',
        collected_at: '2026-11-21T06:30:00.000Z',
        reason: 'EMI_ALREADY_PAID',
      },
    });
    expect(creditHeldKeyOf(item.key)).toBe('k-1:credit-held');
    expect(creditHeldKeyOf(item.key)).toBe(creditHeldKeyOf('k-1'));
    expect(creditHeldKeyOf(item.key)).not.toBe(item.key);
  });

  it('is sent in the order collected, only by the agent who queued it', () => {
    const at = (key: string, agentId: number, minute: number): TQueuedCollection => ({
      ...queuedCollectionOf(group, { ...input, key, agentId }),
      collectedAt: `2026-11-21T06:${String(minute).padStart(2, '0')}:00.000Z`,
    });
    const items = [at('c', 3, 30), at('a', 3, 10), at('x', 4, 5), at('b', 3, 10)];
    expect(queueOrder(items, 3).map((item) => item.key)).toEqual(['a', 'b', 'c']);
    expect(waitingByLoan(queueOrder(items, 3)).get(7)).toBe(3 * 102_550);
  });
});

describe('a failed send', () => {
  it('is tried again later when no answer came, the server failed or the key is still running', () => {
    expect(classifySyncFailure(0, 'NETWORK_ERROR', '')).toEqual({ kind: 'retry' });
    expect(classifySyncFailure(502, 'UNCODED_ANSWER', '')).toEqual({ kind: 'retry' });
    expect(classifySyncFailure(409, 'IDEMPOTENCY_IN_FLIGHT', '')).toEqual({ kind: 'retry' });
  });

  it('stops at a conflict with a specific message (the server words when the code has none here)', () => {
    expect(classifySyncFailure(409, 'EMI_ALREADY_PAID', 'x')).toEqual({
      kind: 'conflict',
      message: 'This EMI was already paid by someone else while you were offline.',
    });
    expect(classifySyncFailure(400, 'PAYMENT_AMOUNT_MISMATCH', 'x').kind).toBe('conflict');
    expect(classifySyncFailure(409, 'LOAN_TERMINAL', 'x')).toMatchObject({
      message: expect.stringContaining('closed'),
    });
    expect(classifySyncFailure(422, 'IDEMPOTENCY_KEY_REUSED', 'Key reused')).toEqual({
      kind: 'conflict',
      message: 'Key reused',
    });
  });
});

describe('collected_at', () => {
  it('is accepted up to five minutes ahead of the server and seven days behind', () => {
    expect(isCollectedAtInBounds(new Date('2026-11-21T06:35:00Z'), now)).toBe(true);
    expect(isCollectedAtInBounds(new Date('2026-11-21T06:35:01Z'), now)).toBe(false);
    expect(isCollectedAtInBounds(new Date('2026-11-14T06:30:00Z'), now)).toBe(true);
    expect(isCollectedAtInBounds(new Date('2026-11-14T06:29:59Z'), now)).toBe(false);
    expect(isCollectedAtInBounds(new Date('not a date'), now)).toBe(false);
  });

  it('marks a payment synced late when its IST day is before the business day it was booked on', () => {
    // 20:00 UTC on the 20th is 01:30 IST on the 21st: the same business day.
    expect(isSyncedLate(new Date('2026-11-20T20:00:00Z'), '2026-11-21')).toBe(false);
    expect(isSyncedLate(new Date('2026-11-20T18:00:00Z'), '2026-11-21')).toBe(true);
    expect(isSyncedLate(null, '2026-11-21')).toBe(false);
  });

  it('is worth showing beside the server time only when the collection waited on the phone', () => {
    expect(waitedOnPhone('2026-11-21T06:00:00Z', '2026-11-21T06:04:00Z')).toBe(false);
    expect(waitedOnPhone('2026-11-21T06:00:00Z', '2026-11-21T07:00:00Z')).toBe(true);
    expect(waitedOnPhone(null, '2026-11-21T07:00:00Z')).toBe(false);
  });
});
