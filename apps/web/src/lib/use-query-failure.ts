import { useEffect, useRef } from 'react';

type TFailingQuery = { isError: boolean; error: unknown; errorUpdatedAt: number };

/**
 * Calls `onFailure` once for each failed fetch of a query (a new failure moves `errorUpdatedAt`), not
 * again when the page renders with the same failure: the toast of a list that could not load.
 */
export const useQueryFailure = (query: TFailingQuery, onFailure: (error: unknown) => void) => {
  const { isError, error, errorUpdatedAt } = query;
  // The latest callback, so that a new closure each render does not count as a new failure.
  const latest = useRef(onFailure);
  latest.current = onFailure;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) latest.current(error);
  }, [isError, error, errorUpdatedAt]);
};
