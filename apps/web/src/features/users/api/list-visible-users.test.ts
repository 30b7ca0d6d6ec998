import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineData } from '../../../lib/offline/db';
import { visibleUsersQueryOptions } from './list-visible-users';

const customers = [{ id: 7, name: 'Asha Verma' }];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const read = () =>
  (visibleUsersQueryOptions().queryFn as unknown as (context: { signal?: AbortSignal }) => Promise<unknown>)(
    {},
  );

beforeEach(async () => {
  await clearOfflineData();
});

describe("My Customers on the agent's phone", () => {
  it('keeps the last answer and shows it when no answer comes at all', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { users: customers })),
    );
    expect(await read()).toEqual(customers);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await read()).toEqual(customers);
  });

  it('never masks a refusal with the kept list, and has nothing to show offline before a first read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(read()).rejects.toThrow();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { users: customers })),
    );
    await read();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { code: 'UNAUTHORIZED', message: 'Sign in again' })),
    );
    await expect(read()).rejects.toThrow('Sign in again');
  });
});
