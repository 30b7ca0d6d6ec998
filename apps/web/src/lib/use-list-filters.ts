import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** A list's filters, every one a string: '' is "no filter" (what a select's "All" stands for). */
export type TFilterValues = Record<string, string>;

export type TListFiltersOptions<T extends TFilterValues> = {
  /** Every filter blank: what clearing returns to. */
  blank: T;
  /**
   * The filters a page opens with when not blank (Bounced EMIs: today's dates). When it changes,
   * a filter still at its old opening value follows it (the business day once the server names it).
   */
  initial?: T;
  /** Filters a link may set in the URL (`?status=lent`), read once as the page opens. */
  urlKeys?: readonly (keyof T & string)[];
  /** Whether a value from the URL fits its filter; one that does not is left out. */
  acceptsUrl?: (key: keyof T & string, value: string) => boolean;
  /** The filters that wait until typing stops ('all', or their keys); the others apply at once. */
  debounced: 'all' | readonly (keyof T & string)[];
  debounceMs: number;
  /** Why the filters cannot be applied (a refused date range), else null: they stay unapplied. */
  refusal?: (filters: T) => string | null;
  /** Called as new filters apply, so the list starts again from its first page. */
  onApply: () => void;
};

const trimmed = <T extends TFilterValues>(values: T): T =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()])) as T;

const sameFilters = (a: TFilterValues, b: TFilterValues) =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => a[key] === b[key]);

const openingFilters = <T extends TFilterValues>(
  start: T,
  params: URLSearchParams,
  urlKeys: readonly (keyof T & string)[],
  acceptsUrl: (key: keyof T & string, value: string) => boolean,
): T => {
  const fromUrl = urlKeys.flatMap((key) => {
    const value = params.get(key);
    return value !== null && acceptsUrl(key, value) ? [[key, value] as const] : [];
  });
  return { ...start, ...Object.fromEntries(fromUrl) };
};

/**
 * A list's filters as typed (`values`) and as the server is asked for them (`applied`): typed text
 * waits `debounceMs` after the last change, surrounding blanks dropped, and filters the list refuses
 * never apply (`error` says why). Each newly applied set calls `onApply`.
 */
export const useListFilters = <T extends TFilterValues>(options: TListFiltersOptions<T>) => {
  const { blank, initial = blank, urlKeys = [], acceptsUrl = () => true, debounced, debounceMs } = options;
  const [params] = useSearchParams();
  const [opening] = useState(() => openingFilters(initial, params, urlKeys, acceptsUrl));
  const [values, setValues] = useState<T>(opening);
  const [applied, setApplied] = useState<T>(() => trimmed(opening));

  // Filters still at their opening value follow a new one.
  const initialRef = useRef(initial);
  const initialKey = JSON.stringify(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialKey stands for initial's contents
  useEffect(() => {
    const previous = initialRef.current;
    initialRef.current = initial;
    if (sameFilters(previous, initial)) return;
    setValues((current) => {
      const next: TFilterValues = { ...current };
      for (const key of Object.keys(initial))
        if (current[key] === previous[key]) next[key] = initial[key] ?? '';
      return next as T;
    });
  }, [initialKey]);

  const waits = (key: string) => debounced === 'all' || debounced.includes(key);
  const typedKey = JSON.stringify(trimmed(values));
  const typed = useMemo(() => JSON.parse(typedKey) as T, [typedKey]);
  const [settled] = useDebouncedValue(typed, debounceMs);
  const candidateKey = JSON.stringify(
    Object.fromEntries(Object.keys(typed).map((key) => [key, waits(key) ? settled[key] : typed[key]])),
  );

  const latest = useRef(options);
  latest.current = options;
  const appliedRef = useRef(applied);
  useEffect(() => {
    const candidate = JSON.parse(candidateKey) as T;
    if (latest.current.refusal?.(candidate) != null) return;
    if (sameFilters(appliedRef.current, candidate)) return;
    appliedRef.current = candidate;
    setApplied(candidate);
    latest.current.onApply();
  }, [candidateKey]);

  const set = <K extends keyof T & string>(key: K, value: T[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setMany = (changes: Partial<T>) => setValues((current) => ({ ...current, ...changes }));
  const clear = () => setValues(blank);

  return { values, applied, error: options.refusal?.(values) ?? null, set, setMany, clear };
};

export type TListFilters<T extends TFilterValues> = ReturnType<typeof useListFilters<T>>;
