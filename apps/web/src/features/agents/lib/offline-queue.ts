import {
  classifySyncFailure,
  creditHeldKeyOf,
  holdRequestOfQueued,
  queueOrder,
  requestOfQueued,
  type TQueuedCollection,
  type TReceipt,
} from '@lending/domain';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { api, isApiError } from '../../../api/client';
import { putQueued, queuedCollections, readCached, removeQueued, writeCached } from '../../../lib/offline/db';

/** A queued collection the server has taken: its receipts now carry the server's numbers. */
export type TSyncedCollection = {
  key: string;
  item: TQueuedCollection;
  receipts: TReceipt[];
  syncedAt: string;
  /** Kept as the loan's credit held (the conflict's second choice) rather than paid to its EMIs. */
  heldAsCredit?: boolean;
};

const SYNCED_KEY = 'agent:synced';
const SYNCED_KEPT = 20;
/** When a sync round last reached the server (ISO): what the phone reports as its last sync. */
const ROUND_KEY = 'agent:round-at';

type TSnapshot = { queue: TQueuedCollection[]; synced: TSyncedCollection[] };
let snapshot: TSnapshot = { queue: [], synced: [] };
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Reads the queue (and the receipts synced lately) from the phone's store into the screens. */
export const loadQueue = async (): Promise<void> => {
  snapshot = { queue: await queuedCollections(), synced: await syncedCollections() };
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The agent's queued collections, in the order they are sent, and the receipts synced lately. */
export const useOfflineQueue = (agentId: number | null) => {
  const current = useSyncExternalStore(subscribe, () => snapshot);
  useEffect(() => {
    void loadQueue();
  }, []);
  return useMemo(
    () => ({
      queue: agentId === null ? [] : queueOrder(current.queue, agentId),
      synced: agentId === null ? [] : current.synced.filter((entry) => entry.item.agentId === agentId),
    }),
    [current, agentId],
  );
};

/** Keeps a collection made offline on the phone until it syncs. */
export const enqueueCollection = async (item: TQueuedCollection): Promise<void> => {
  await putQueued(item);
  await loadQueue();
};

/** The agent's choice on a conflict: the collection leaves the queue (recorded in the office instead). */
export const dropQueued = async (key: string): Promise<void> => {
  await removeQueued(key);
  await loadQueue();
};

/** Records what the server took for a queued item, then takes the item off the queue. */
const markSynced = async (
  item: TQueuedCollection,
  entry: Omit<TSyncedCollection, 'key' | 'item' | 'syncedAt'>,
) => {
  const kept = await syncedCollections();
  const done: TSyncedCollection = { key: item.key, item, syncedAt: new Date().toISOString(), ...entry };
  await writeCached(
    SYNCED_KEY,
    [done, ...kept.filter((other) => other.key !== item.key)].slice(0, SYNCED_KEPT),
  );
  await removeQueued(item.key);
};

/**
 * The agent's other choice on a conflict: the cash is recorded as the loan's credit held, under a key
 * derived from the collection's own, so a retry (a lost answer, a second tap) records it once. The
 * item leaves the queue only once the server took it; a refusal or no answer leaves it as it was and
 * is thrown for the screen to show.
 */
export const holdQueued = async (item: TQueuedCollection): Promise<void> => {
  const request = holdRequestOfQueued(item);
  await api.post<unknown>(request.path, request.body, {
    headers: { 'Idempotency-Key': creditHeldKeyOf(item.key) },
  });
  await markSynced(item, { receipts: [], heldAsCredit: true });
  await loadQueue();
};

export const syncedCollections = async (): Promise<TSyncedCollection[]> =>
  (await readCached<TSyncedCollection[]>(SYNCED_KEY))?.value ?? [];

const receiptsOf = (answer: unknown): TReceipt[] => {
  const body = answer as { receipts?: TReceipt[]; receipt?: TReceipt };
  return body.receipts ?? (body.receipt ? [body.receipt] : []);
};

export type TSyncResult = { synced: number; stoppedAt: TQueuedCollection | null; offline: boolean };

let running: Promise<TSyncResult> | null = null;

/**
 * Sends the agent's queue in order, each item through the same idempotent money call the online
 * screen uses and under the Idempotency-Key made when the cash was taken: a send whose answer was
 * lost is sent again and the server answers the first answer, so nothing is paid twice. No answer
 * stops the round (tried again on the next reconnect); a refusal marks the item with its conflict and
 * stops there, so nothing after it jumps ahead and nothing is silently dropped. One round at a time.
 */
export const syncQueue = (agentId: number): Promise<TSyncResult> => {
  running ??= runSync(agentId).finally(() => {
    running = null;
  });
  return running;
};

const runSync = async (agentId: number): Promise<TSyncResult> => {
  let synced = 0;
  for (const item of queueOrder(await queuedCollections(), agentId)) {
    if (item.conflict) return { synced, stoppedAt: item, offline: false };
    const request = requestOfQueued(item);
    try {
      const answer = await api.post<unknown>(request.path, request.body, {
        headers: { 'Idempotency-Key': item.key },
      });
      await markSynced(item, { receipts: receiptsOf(answer) });
      synced += 1;
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      const failure = classifySyncFailure(
        status,
        isApiError(error) ? error.code : 'NETWORK_ERROR',
        error instanceof Error ? error.message : 'The server refused this collection',
      );
      if (failure.kind === 'retry') {
        await loadQueue();
        return { synced, stoppedAt: null, offline: true };
      }
      const code = isApiError(error) ? error.code : 'UNCODED_ANSWER';
      await putQueued({ ...item, conflict: { code, message: failure.message } });
      // The round reached the server: the items before the conflict are synced.
      await writeCached(ROUND_KEY, new Date().toISOString());
      await loadQueue();
      return { synced, stoppedAt: item, offline: false };
    }
  }
  await writeCached(ROUND_KEY, new Date().toISOString());
  await loadQueue();
  return { synced, stoppedAt: null, offline: false };
};

/**
 * Tells the server what waits on this phone and when it last synced, so the office sees cash still on
 * phones (Cash in Hand). Sent whenever the phone is online (after each sync round); best effort: a
 * report that does not get through is simply sent again after the next round.
 */
export const reportPhoneState = async (agentId: number): Promise<boolean> => {
  const pending = queueOrder(await queuedCollections(), agentId).length;
  const lastSynced = (await readCached<string>(ROUND_KEY))?.value ?? null;
  try {
    await api.put('/cash/phone-sync', { pending_count: pending, last_synced_at: lastSynced });
    return true;
  } catch {
    return false;
  }
};
