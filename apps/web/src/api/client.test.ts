import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../lib/token';
import { mockApi } from '../test/mock-api';
import {
  ApiError,
  api,
  apiDownload,
  apiRequest,
  hasErrorCode,
  REQUEST_TIMEOUT_MS,
  setUnauthorizedHandler,
} from './client';

afterEach(() => setUnauthorizedHandler(null));

describe('api client', () => {
  it('sends JSON with the bearer token under /api and returns the parsed answer', async () => {
    setToken('abc');
    const { calls } = mockApi({ 'POST /things': { body: { id: 7 } } });
    await expect(api.post('/things', { name: 'x' }, { query: { page: 2, search: '' } })).resolves.toEqual({
      id: 7,
    });
    const [call] = calls;
    expect(call?.url.pathname).toBe('/api/things');
    expect(call?.url.search).toBe('?page=2');
    const headers = call?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(call?.init.body).toBe('{"name":"x"}');
  });

  it('starts each request in a task of its own where the browser can yield (scheduler.yield)', async () => {
    let release: () => void = () => undefined;
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => (release = resolve)) });
    const { calls } = mockApi({ 'GET /things': { body: { id: 7 } } });
    const answer = api.get('/things');
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    release();
    await expect(answer).resolves.toEqual({ id: 7 });
    expect(calls).toHaveLength(1);
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    const { calls } = mockApi({ 'POST /auth/register': { body: {} } });
    const form = new FormData();
    form.append('name', 'Asha');
    await api.post('/auth/register', form);
    expect(calls[0]?.init.body).toBe(form);
    const headers = calls[0]?.init.headers as Record<string, string> | undefined;
    expect(headers).toBeDefined();
    expect(headers?.['Content-Type']).toBeUndefined();
  });

  it('turns an error body into an ApiError with status, message and field errors', async () => {
    mockApi({
      'POST /auth/register': {
        status: 400,
        body: { message: 'Validation failed', errors: [{ param: 'email', msg: 'Email already registered' }] },
      },
    });
    const error = await api.post('/auth/register', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      errors: [{ param: 'email', msg: 'Email already registered' }],
    });
  });

  it("exposes the server's error code, and codes the failures the server did not", async () => {
    mockApi({
      'POST /emi/pay/1/3': {
        status: 409,
        body: {
          code: 'EMI_ALREADY_PAID',
          message: 'EMI 3 is already paid; it cannot be paid or bounced again.',
        },
      },
      'GET /loans/9': { status: 404, body: { code: 'NOT_FOUND', message: 'Loan not found' } },
      'GET /loans/export': { status: 404, body: { code: 'NOT_FOUND', message: 'Loan not found' } },
      'GET /proxy': { status: 502, body: { message: 'Bad gateway' } },
      'GET /future': {
        status: 409,
        body: { code: 'SOMETHING_NEW', message: 'A code this client does not know' },
      },
    });
    const paid = await api.post('/emi/pay/1/3', {}).catch((caught: unknown) => caught);
    expect(paid).toMatchObject({ status: 409, code: 'EMI_ALREADY_PAID', fromServer: true });
    expect(hasErrorCode(paid, 'EMI_ALREADY_PAID', 'EMI_FORECLOSED')).toBe(true);
    expect(hasErrorCode(paid, 'NOT_FOUND')).toBe(false);
    await expect(api.get('/loans/9')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Loan not found' });
    await expect(apiDownload('/loans/export')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    await expect(api.get('/proxy')).rejects.toMatchObject({ status: 502, code: 'UNCODED_ANSWER' });
    await expect(api.get('/future')).rejects.toMatchObject({ status: 409, code: 'UNCODED_ANSWER' });
    expect(hasErrorCode(new Error('plain'), 'NOT_FOUND')).toBe(false);
  });

  it('on a 401 from a non-auth call clears the token and hands over to the unauthorized handler', async () => {
    setToken('stale');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockApi({ 'GET /loans': { status: 401, body: { message: 'Token expired' } } });
    await expect(api.get('/loans')).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    expect(getToken()).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('leaves the token alone on a 401 from an /auth call', async () => {
    setToken('kept');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockApi({ 'POST /auth/login': { status: 401, body: { message: 'Invalid email or password' } } });
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('kept');
    expect(handler).not.toHaveBeenCalled();
  });

  it('aborts a request that has not answered after 10 s', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init: RequestInit = {}) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init.signal ?? undefined;
            signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const outcome = apiRequest('/slow').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 0,
      code: 'TIMEOUT',
      message: 'Request timed out. Please try again.',
    });
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/anything')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
