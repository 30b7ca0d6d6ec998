import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clearCachedReads,
  clearOfflineData,
  putQueued,
  queuedCollections,
  readCached,
  removeQueued,
  resetOfflineDb,
  writeCached,
} from './db';

const item = (key: string) => ({
  key,
  agentId: 3,
  loanId: 1,
  loanCode: 'LN1',
  customerName: 'Asha',
  kind: 'overdue' as const,
  emiNumbers: [1],
  amount: 50_000,
  lateCharge: null,
  mode: 'cash' as const,
  collectedAt: '2026-11-21T06:30:00.000Z',
});

// This file's store is IndexedDB itself (fake-indexeddb), not the memory stand-in.
resetOfflineDb();
afterAll(() => resetOfflineDb());

describe('the phone store (IndexedDB)', () => {
  it('keeps reads with the time they were fetched, and the queue, across a fresh open', async () => {
    await writeCached('agent:overdue', { results: [1, 2] }, new Date('2026-11-21T06:30:00Z'));
    await putQueued(item('a'));
    await putQueued(item('b'));
    await removeQueued('a');
    resetOfflineDb();
    expect(await readCached('agent:overdue')).toEqual({
      value: { results: [1, 2] },
      savedAt: '2026-11-21T06:30:00.000Z',
    });
    expect((await queuedCollections()).map((queued) => queued.key)).toEqual(['b']);
  });

  it('clears the reads for another account but keeps the queue; sign-out clears both', async () => {
    await clearCachedReads();
    expect(await readCached('agent:overdue')).toBeNull();
    expect(await queuedCollections()).toHaveLength(1);
    await clearOfflineData();
    expect(await queuedCollections()).toEqual([]);
  });
});
