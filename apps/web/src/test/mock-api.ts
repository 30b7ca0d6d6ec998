import { vi } from 'vitest';

export type TMockReply = { status?: number; body?: unknown };
export type TMockCall = { method: string; path: string; url: URL; init: RequestInit };
type THandler = (call: TMockCall) => TMockReply | Promise<TMockReply>;

/**
 * Replaces `fetch` with a table of answers keyed 'METHOD /path' (path without the /api prefix).
 * Unlisted calls answer 404 so a test never reaches a network.
 */
export const mockApi = (routes: Record<string, THandler | TMockReply>) => {
  const calls: TMockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const call = { method, path, url, init };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const reply: TMockReply =
      route === undefined
        ? { status: 404, body: { message: `No mock for ${method} ${path}` } }
        : typeof route === 'function'
          ? await route(call)
          : route;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
};
