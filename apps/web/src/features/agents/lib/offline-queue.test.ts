import { queuedCollectionOf, type TOverdueLoanGroup, type TQueuedCollection } from '@lending/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineData, queuedCollections } from '../../../lib/offline/db';
import {
  enqueueCollection,
  holdQueued,
  reportPhoneState,
  syncedCollections,
  syncQueue,
} from './offline-queue';

const group = (loanId: number): TOverdueLoanGroup => ({
  loan_id: loanId,
  loan_code: `LN${loanId}`,
  customer_id: 1,
  customer_name: 'Asha',
  customer_mobile: null,
  overdue_since: '2026-11-19',
  count: 1,
  overdue_emi_numbers: [1],
  total_emi_amount: 50_000,
  total_late_charges: 0,
  total_due: 50_000,
  emis: [],
});
const queued = (loanId: number, minute: number): TQueuedCollection =>
  queuedCollectionOf(group(loanId), {
    agentId: 3,
    key: `key-${loanId}`,
    mode: 'cash',
    lateCharge: null,
    partialAmount: null,
    now: new Date(`2026-11-21T06:${String(minute).padStart(2, '0')}:00Z`),
  });

const receipt = (loanId: number) => ({ loan_id: loanId, emi_number: 1, payment_id: 900 + loanId });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type TSent = { loanId: number; key: string | null };

const stubServer = (answer: (sent: TSent) => Response | Promise<Response>) => {
  const sent: TSent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { loan_id: number };
      const call = { loanId: body.loan_id, key: new Headers(init.headers).get('Idempotency-Key') };
      sent.push(call);
      return answer(call);
    }),
  );
  return sent;
};

beforeEach(async () => {
  await clearOfflineData();
});

describe('syncing the phone queue', () => {
  it('sends the queue in the order collected, each under its own key, and keeps the receipts', async () => {
    await enqueueCollection(queued(2, 20));
    await enqueueCollection(queued(1, 10));
    const sent = stubServer((call) =>
      json(200, { message: 'ok', total_collected: 500, receipts: [receipt(call.loanId)] }),
    );
    expect(await syncQueue(3)).toEqual({ synced: 2, stoppedAt: null, offline: false });
    expect(sent).toEqual([
      { loanId: 1, key: 'key-1' },
      { loanId: 2, key: 'key-2' },
    ]);
    expect(await queuedCollections()).toEqual([]);
    expect((await syncedCollections()).map((entry) => entry.receipts[0]?.payment_id)).toEqual([902, 901]);
  });

  it('keeps everything when no answer comes, and sends the same key again on the next round', async () => {
    await enqueueCollection(queued(1, 10));
    stubServer(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await syncQueue(3)).toMatchObject({ synced: 0, offline: true });
    expect(await queuedCollections()).toHaveLength(1);
    const sent = stubServer(() => json(200, { message: 'ok', total_collected: 500, receipts: [receipt(1)] }));
    expect(await syncQueue(3)).toMatchObject({ synced: 1 });
    expect(sent).toEqual([{ loanId: 1, key: 'key-1' }]);
  });

  it('stops at a conflict, marks it with its message and sends nothing after it', async () => {
    await enqueueCollection(queued(1, 10));
    await enqueueCollection(queued(2, 20));
    const sent = stubServer(() => json(409, { code: 'NOTHING_OVERDUE', message: 'Nothing overdue' }));
    const result = await syncQueue(3);
    expect(result.stoppedAt?.key).toBe('key-1');
    expect(sent).toHaveLength(1);
    const [first, second] = (await queuedCollections()).sort((a, b) => a.key.localeCompare(b.key));
    expect(first?.conflict).toEqual({
      code: 'NOTHING_OVERDUE',
      message: "This loan's overdue EMIs were already paid by someone else while you were offline.",
    });
    expect(second?.conflict).toBeUndefined();
    // The next round stops at the same item without sending it again: the agent decides first.
    expect((await syncQueue(3)).stoppedAt?.key).toBe('key-1');
    expect(sent).toHaveLength(1);
  });

  it("never sends another agent's queue", async () => {
    await enqueueCollection({ ...queued(1, 10), agentId: 4 });
    const sent = stubServer(() => json(200, {}));
    expect(await syncQueue(3)).toEqual({ synced: 0, stoppedAt: null, offline: false });
    expect(sent).toEqual([]);
  });
});

describe("keeping a conflicted collection as the loan's credit held", () => {
  type THoldCall = { url: string; key: string | null; body: unknown };
  const stubHold = (answer: () => Response | Promise<Response>) => {
    const calls: THoldCall[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({
          url: String(url),
          key: new Headers(init.headers).get('Idempotency-Key'),
          body: JSON.parse(String(init.body)),
        });
        return answer();
      }),
    );
    return calls;
  };
  const conflicted = async () => {
    const item = { ...queued(1, 10), conflict: { code: 'EMI_ALREADY_PAID', message: 'paid' } };
    await enqueueCollection(item);
    return item;
  };

  it('sends the cash under a key derived from the collection’s, then takes the item off the queue', async () => {
    const item = await conflicted();
    const calls = stubHold(() => json(200, { message: 'kept', held: 500, credit_held: 500 }));
    await holdQueued(item);
    expect(calls).toEqual([
      {
        url: '/api/loans/1/hold-cash',
        key: 'key-1:credit-held',
        body: {
          amount: 500,
          payment_mode: 'cash',
          collected_at: item.collectedAt,
          reason: 'EMI_ALREADY_PAID',
        },
      },
    ]);
    expect(await queuedCollections()).toEqual([]);
    expect(await syncedCollections()).toEqual([
      expect.objectContaining({ key: 'key-1', heldAsCredit: true }),
    ]);
  });

  it('keeps the item, conflict and all, when the server refuses or no answer comes', async () => {
    const item = await conflicted();
    stubHold(() => json(409, { code: 'CASH_DAY_CLOSED', message: 'Your cash day is closed' }));
    await expect(holdQueued(item)).rejects.toThrow('Your cash day is closed');
    stubHold(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(holdQueued(item)).rejects.toThrow();
    expect(await queuedCollections()).toEqual([item]);
    expect(await syncedCollections()).toEqual([]);
  });
});

describe("the phone's report to the office", () => {
  it('sends the count waiting and the last round that reached the server; a failed report is not an error', async () => {
    const reports: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        reports.push([init.method, JSON.parse(String(init.body))]);
        return json(200, { phone: {} });
      }),
    );
    await enqueueCollection(queued(1, 10));
    await enqueueCollection({ ...queued(2, 20), agentId: 4 });
    expect(await reportPhoneState(3)).toBe(true);
    expect(reports).toEqual([['PUT', { pending_count: 1, last_synced_at: null }]]);
    stubServer(() => json(409, { code: 'NOTHING_OVERDUE', message: 'Nothing overdue' }));
    await syncQueue(3);
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(JSON.parse(String(init.body)));
        return json(200, { phone: {} });
      }),
    );
    await reportPhoneState(3);
    expect(sent).toEqual([{ pending_count: 1, last_synced_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await reportPhoneState(3)).toBe(false);
  });
});
