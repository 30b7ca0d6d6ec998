import { beforeAll, describe, expect, it } from 'vitest';
import { okBody as ok } from '../../../test/support/books';
import { emiTestApp } from '../../../test/support/emi-api';
import type { Headers } from '../../../test/support/loan-api';

// The test clock's now: 2026-11-21T06:30Z.
const { t, cast, api } = await emiTestApp();

const report = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/cash/phone-sync', headers, payload });
const phoneOf = async (collectorId: number) =>
  (
    ok(await api.get(cast.admin.headers, '/api/cash/positions')).positions as {
      collector_id: number;
      phone: unknown;
    }[]
  ).find((position) => position.collector_id === collectorId)?.phone;

let agentA: number;
beforeAll(() => {
  agentA = cast.agentA.user.id;
});

describe("PUT /cash/phone-sync: the agent's phone reports its queue, admins see it", () => {
  it('stores the caller’s own report and shows it on Cash in Hand; the last sync never moves back', async () => {
    expect(await phoneOf(agentA)).toBeNull();
    const first = ok(
      await report(cast.agentA.headers, { pending_count: 3, last_synced_at: '2026-11-21T05:00:00.000Z' }),
    );
    expect(first).toEqual({
      phone: {
        pending_count: 3,
        last_synced_at: '2026-11-21T05:00:00.000Z',
        reported_at: '2026-11-21T06:30:00.000Z',
      },
    });
    expect(await phoneOf(agentA)).toEqual(first.phone);
    // A report from another tab that synced earlier: its count is the latest, its older sync is not.
    ok(await report(cast.agentA.headers, { pending_count: 1, last_synced_at: '2026-11-21T04:00:00.000Z' }));
    expect(await phoneOf(agentA)).toMatchObject({
      pending_count: 1,
      last_synced_at: '2026-11-21T05:00:00.000Z',
    });
    ok(await report(cast.agentA.headers, { pending_count: 0, last_synced_at: null }));
    expect(await phoneOf(agentA)).toMatchObject({
      pending_count: 0,
      last_synced_at: '2026-11-21T05:00:00.000Z',
    });
    // Agent B's position knows nothing of A's phone.
    expect(await phoneOf(cast.agentB.user.id)).toBeNull();
  });

  it('is for field agents only: admins and borrowers 403, no session 401; agents never read positions', async () => {
    const body = { pending_count: 1, last_synced_at: null };
    expect((await report(cast.admin.headers, body)).statusCode).toBe(403);
    expect((await report(cast.borrower.headers, body)).statusCode).toBe(403);
    expect((await report({}, body)).statusCode).toBe(401);
    expect((await api.get(cast.agentA.headers, '/api/cash/positions')).statusCode).toBe(403);
    expect((await phoneOf(cast.admin.user.id)) ?? null).toBeNull();
  });

  it.each([
    ['a negative count', { pending_count: -1, last_synced_at: null }, 'pending_count'],
    ['a fractional count', { pending_count: 1.5, last_synced_at: null }, 'pending_count'],
    ['a count beyond any phone', { pending_count: 10_001, last_synced_at: null }, 'pending_count'],
    ['a missing count', { last_synced_at: null }, 'pending_count'],
    ['a time that is not ISO', { pending_count: 1, last_synced_at: 'yesterday' }, 'last_synced_at'],
    ['a time in the future', { pending_count: 1, last_synced_at: '2026-11-21T06:36:00Z' }, 'last_synced_at'],
  ])('refuses %s with a 400 naming the field, and keeps the last report', async (_, body, param) => {
    const before = await phoneOf(agentA);
    const response = await report(cast.agentB.headers, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ param })],
    });
    expect(await phoneOf(cast.agentB.user.id)).toBeNull();
    expect(await phoneOf(agentA)).toEqual(before);
  });
});
