import { useCallback, useRef, useState } from 'react';
import { useIdempotencyKey } from '../../../lib/idempotency';

/**
 * A money-moving call made from a dialog: `run` ignores a second start while the first is in flight
 * (a double click sends one request, even before React re-renders the disabled button), and hands
 * the call its Idempotency-Key — the same for a repeat of the same request (a retry after a timeout
 * or a network error), a new one once the request changes. Mount it with the dialog's content so
 * each opened dialog starts a new attempt.
 */
export const useMoneyCall = () => {
  const keyFor = useIdempotencyKey();
  const busy = useRef(false);
  const [pending, setPending] = useState(false);

  const run = useCallback(
    async <T>(request: unknown, call: (idempotencyKey: string) => Promise<T>): Promise<T | undefined> => {
      if (busy.current) return undefined;
      busy.current = true;
      setPending(true);
      try {
        return await call(keyFor(request));
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [keyFor],
  );

  return { pending, run };
};
