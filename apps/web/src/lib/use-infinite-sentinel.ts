import { useEffect, useRef } from 'react';

/** Calls `onReach` when the returned element scrolls into view (no-op where IntersectionObserver is missing). */
export const useInfiniteSentinel = (onReach: () => void, enabled: boolean) => {
  const ref = useRef<HTMLDivElement | null>(null);
  const latest = useRef(onReach);
  latest.current = onReach;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || element === null || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
};
