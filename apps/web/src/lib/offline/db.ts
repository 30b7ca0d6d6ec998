import type { TQueuedCollection } from '@lending/domain';

/**
 * The phone's own copy of the field agent's data, in IndexedDB: `cache` holds the last answers of
 * the agent's reads (with when they were fetched), `queue` the collections made offline. Both are the
 * signed-in agent's only, and sign-out wipes them. Where IndexedDB is missing (an old browser, a
 * test without it) a memory store stands in, so the screens work online as before.
 */
const DB_NAME = 'lending-offline';
const CACHE = 'cache';
const QUEUE = 'queue';

export type TCached<T> = { value: T; savedAt: string };

type TStore = {
  get: (store: string, key: string) => Promise<unknown>;
  put: (store: string, value: unknown, key?: string) => Promise<void>;
  remove: (store: string, key: string) => Promise<void>;
  all: (store: string) => Promise<unknown[]>;
  clear: () => Promise<void>;
  clearCache: () => Promise<void>;
};

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const indexedStore = (factory: IDBFactory): TStore => {
  let opened: Promise<IDBDatabase> | null = null;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(CACHE);
        request.result.createObjectStore(QUEUE, { keyPath: 'key' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return opened;
  };
  const run = async <T>(
    store: string,
    mode: IDBTransactionMode,
    work: (s: IDBObjectStore) => IDBRequest<T>,
  ) => done(work((await open()).transaction(store, mode).objectStore(store)));
  return {
    get: (store, key) => run(store, 'readonly', (s) => s.get(key)),
    put: async (store, value, key) => {
      await run(store, 'readwrite', (s) => (key === undefined ? s.put(value) : s.put(value, key)));
    },
    remove: async (store, key) => {
      await run(store, 'readwrite', (s) => s.delete(key));
    },
    all: (store) => run(store, 'readonly', (s) => s.getAll()),
    clear: async () => {
      await run(CACHE, 'readwrite', (s) => s.clear());
      await run(QUEUE, 'readwrite', (s) => s.clear());
    },
    clearCache: async () => {
      await run(CACHE, 'readwrite', (s) => s.clear());
    },
  };
};

const memoryStore = (): TStore => {
  const stores = new Map<string, Map<string, unknown>>([
    [CACHE, new Map()],
    [QUEUE, new Map()],
  ]);
  const of = (store: string) => stores.get(store) ?? new Map<string, unknown>();
  return {
    get: async (store, key) => structuredClone(of(store).get(key)),
    put: async (store, value, key) => {
      of(store).set(key ?? (value as { key: string }).key, structuredClone(value));
    },
    remove: async (store, key) => {
      of(store).delete(key);
    },
    all: async (store) => [...of(store).values()].map((value) => structuredClone(value)),
    clear: async () => {
      for (const store of stores.values()) store.clear();
    },
    clearCache: async () => {
      of(CACHE).clear();
    },
  };
};

let current: TStore | null = null;
const db = (): TStore => {
  current ??= typeof indexedDB === 'undefined' ? memoryStore() : indexedStore(indexedDB);
  return current;
};

/** Forgets the opened store (tests swap IndexedDB between files). */
export const resetOfflineDb = () => {
  current = null;
};

/** A read's last answer kept on the phone, or null. */
export const readCached = async <T>(key: string): Promise<TCached<T> | null> =>
  ((await db().get(CACHE, key)) as TCached<T> | undefined) ?? null;

/** Keeps a read's answer with the time it was fetched. */
export const writeCached = async <T>(key: string, value: T, savedAt = new Date()): Promise<void> =>
  db().put(CACHE, { value, savedAt: savedAt.toISOString() } satisfies TCached<T>, key);

export const queuedCollections = async (): Promise<TQueuedCollection[]> =>
  (await db().all(QUEUE)) as TQueuedCollection[];

export const putQueued = (item: TQueuedCollection): Promise<void> => db().put(QUEUE, item);

export const removeQueued = (key: string): Promise<void> => db().remove(QUEUE, key);

/** Sign-out: nothing of the agent stays on the phone. */
export const clearOfflineData = (): Promise<void> => db().clear();

/** Another account signed in on this phone: the reads kept for the last one go (its queue stays its own). */
export const clearCachedReads = (): Promise<void> => db().clearCache();
