import { SUPPORT_SEARCH_DEBOUNCE_MS } from '@lending/domain';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { TSupportFilters } from '../api/list-support-messages';

const NONE: TSupportFilters = { status: '', search: '' };

/**
 * The filters as chosen and as applied: the status at once, the search 400 ms after the last key.
 * Applying a change returns the pager to page 1 (`onApply`).
 */
export const useSupportFilters = (onApply: () => void) => {
  const [values, setValues] = useState<TSupportFilters>(NONE);
  const [debouncedSearch] = useDebouncedValue(values.search.trim(), SUPPORT_SEARCH_DEBOUNCE_MS);
  const applied: TSupportFilters = { status: values.status, search: debouncedSearch };

  const latestOnApply = useRef(onApply);
  latestOnApply.current = onApply;
  const appliedKey = JSON.stringify(applied);
  const lastKey = useRef(appliedKey);
  useEffect(() => {
    if (lastKey.current === appliedKey) return;
    lastKey.current = appliedKey;
    latestOnApply.current();
  }, [appliedKey]);

  return {
    values,
    applied,
    set: <K extends keyof TSupportFilters>(key: K, value: TSupportFilters[K]) =>
      setValues((current) => ({ ...current, [key]: value })),
    clearAll: () => setValues(NONE),
  };
};

export type TSupportFiltersState = ReturnType<typeof useSupportFilters>;
