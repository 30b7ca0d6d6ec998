import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { istToday, useBusinessToday } from './business-today';
import { setToken } from './token';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('istToday', () => {
  it('takes today in Asia/Kolkata', () => {
    expect(istToday(new Date('2026-11-20T18:29:59Z'))).toBe('2026-11-20');
    expect(istToday(new Date('2026-11-20T18:30:00Z'))).toBe('2026-11-21');
  });
});

describe('useBusinessToday', () => {
  it("follows the server's pinned business day once it answers", async () => {
    setToken('t');
    const fetchMock = vi.fn(async (_url: RequestInfo | URL) =>
      Response.json({
        today: '2026-03-31',
        now: '2026-11-21T06:30:00.000Z',
        time_zone: 'Asia/Kolkata',
        pinned: true,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useBusinessToday(), { wrapper });
    await waitFor(() => expect(result.current).toBe('2026-03-31'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/clock');
  });

  it("uses the browser's Kolkata date while signed out", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useBusinessToday(), { wrapper });
    expect(result.current).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
