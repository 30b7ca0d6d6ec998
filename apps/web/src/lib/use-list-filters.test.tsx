import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TListFiltersOptions, useListFilters } from './use-list-filters';

type TFilters = { search: string; status: string; from: string };

const BLANK: TFilters = { search: '', status: '', from: '' };

const renderFilters = (options: Partial<TListFiltersOptions<TFilters>> = {}, url = '/list') => {
  const onApply = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  const hook = renderHook(
    (props: Partial<TListFiltersOptions<TFilters>>) =>
      useListFilters<TFilters>({ blank: BLANK, debounced: ['search'], debounceMs: 400, onApply, ...props }),
    { wrapper, initialProps: options },
  );
  return { ...hook, onApply };
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useListFilters', () => {
  it('opens blank, or with the filters a link names that fit them', () => {
    expect(renderFilters().result.current.applied).toEqual(BLANK);
    const { result, onApply } = renderFilters(
      {
        urlKeys: ['status', 'from'],
        acceptsUrl: (key, value) => key !== 'from' || /^\d{4}-\d{2}-\d{2}$/.test(value),
      },
      '/list?status=open&from=yesterday&search=ignored',
    );
    expect(result.current.values).toEqual({ search: '', status: 'open', from: '' });
    expect(result.current.applied).toEqual({ search: '', status: 'open', from: '' });
    expect(onApply).not.toHaveBeenCalled();
  });

  it('applies a select at once and typed text only once typing stops, trimmed, calling onApply each time', () => {
    const { result, onApply } = renderFilters();
    act(() => result.current.set('status', 'open'));
    expect(result.current.applied.status).toBe('open');
    expect(onApply).toHaveBeenCalledTimes(1);

    act(() => result.current.set('search', ' Sun'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.set('search', ' Sunita '));
    act(() => vi.advanceTimersByTime(399));
    expect(result.current.applied.search).toBe('');
    expect(result.current.values.search).toBe(' Sunita ');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.applied).toEqual({ search: 'Sunita', status: 'open', from: '' });
    expect(onApply).toHaveBeenCalledTimes(2);
  });

  it('never applies filters it refuses, and says why while they are typed', () => {
    const refusal = (filters: TFilters) =>
      filters.from > '2026-11-21' ? 'From cannot be after today' : null;
    const { result, onApply } = renderFilters({ debounced: 'all', refusal });
    act(() => result.current.set('from', '2026-11-22'));
    expect(result.current.error).toBe('From cannot be after today');
    act(() => vi.advanceTimersByTime(400));
    expect(result.current.applied.from).toBe('');
    expect(onApply).not.toHaveBeenCalled();
    act(() => result.current.set('from', '2026-11-20'));
    act(() => vi.advanceTimersByTime(400));
    expect(result.current.error).toBeNull();
    expect(result.current.applied.from).toBe('2026-11-20');
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('clears every filter to blank ("All"), and sets several at once', () => {
    const { result } = renderFilters({ initial: { search: '', status: 'open', from: '2026-11-21' } });
    act(() => result.current.setMany({ status: '', from: '' }));
    expect(result.current.values).toEqual(BLANK);
    act(() => result.current.set('search', 'x'));
    act(() => result.current.clear());
    act(() => vi.advanceTimersByTime(400));
    expect(result.current.values).toEqual(BLANK);
    expect(result.current.applied).toEqual(BLANK);
  });

  it('moves the filters still at their opening value when the opening value changes', () => {
    const opening = (day: string): TFilters => ({ search: '', status: '', from: day });
    const { result, rerender } = renderFilters({ initial: opening('2026-11-20'), debounced: 'all' });
    rerender({ initial: opening('2026-11-21'), debounced: 'all' });
    expect(result.current.values.from).toBe('2026-11-21');
    act(() => result.current.set('from', '2026-11-01'));
    rerender({ initial: opening('2026-11-22'), debounced: 'all' });
    expect(result.current.values.from).toBe('2026-11-01');
  });
});
