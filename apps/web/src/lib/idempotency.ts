import { useCallback, useRef } from 'react';

/** crypto.randomUUID exists only in secure contexts; plain-http deployments fall back to random digits. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('')}`;

/**
 * One Idempotency-Key per attempt of a money call (docs/api.md), for a component that lives as long as
 * its opened dialog: a repeat of the same request (double click, retry after a timeout) reuses the
 * key, so the server answers the first answer again and moves no money twice; a changed request
 * (another amount, mode or type) is a new attempt with a new key, since the server refuses a key
 * reused for a different body (422).
 */
export const useIdempotencyKey = (): ((request: unknown) => string) => {
  const last = useRef<{ fingerprint: string; key: string } | null>(null);
  return useCallback((request: unknown) => {
    const fingerprint = JSON.stringify(request);
    if (last.current === null || last.current.fingerprint !== fingerprint) {
      last.current = { fingerprint, key: newIdempotencyKey() };
    }
    return last.current.key;
  }, []);
};
