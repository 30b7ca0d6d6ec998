import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser } from '../../../test/support/factories';
import { type Headers, usersTestApp } from '../../../test/support/users';

const { t, superadmin } = await usersTestApp();
let admin: Headers;
let agentA: Awaited<ReturnType<typeof createSignedInUser>>;
let agentB: Awaited<ReturnType<typeof createSignedInUser>>;
let borrower: Awaited<ReturnType<typeof createSignedInUser>>;
const customersOfA: number[] = [];
let customerOfB: number;

// Twelve-plus people with distinct creation times, so "newest first" is well defined.
beforeAll(async () => {
  admin = (await createSignedInUser(t, { role: 'admin' })).headers;
  agentA = await createSignedInUser(t, { role: 'agent', name: 'Ramesh Agent' });
  agentB = await createSignedInUser(t, { role: 'agent', name: 'Priya Agent' });
  borrower = await createSignedInUser(t, { role: 'user', name: 'Lone Borrower' });
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < 14; i += 1) {
    const customer = await createUser(t.db, {
      name: i === 3 ? 'Sunita PAWAR' : `Customer ${String(i).padStart(2, '0')}`,
      email: i === 5 ? 'special_100%@shop.example.com' : `customer${i}.${process.pid}@example.com`,
      agentId: i < 3 ? agentA.user.id : null,
      createdAt: new Date(start + i * 60_000),
    });
    if (i < 3) customersOfA.push(customer.id);
  }
  customerOfB = (
    await createUser(t.db, {
      name: 'Bharat Outsider',
      agentId: agentB.user.id,
      referenceCustomerId: customersOfA[0],
    })
  ).id;
});

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/users', () => {
  it('pages 12 at a time by default, newest first, with totals', async () => {
    const first = await get('/api/users?role=user', admin);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(16);
    expect(body.totalPages).toBe(2);
    expect(body.users).toHaveLength(12);
    const created = body.users.map((user: { created_at: string }) => Date.parse(user.created_at));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    expect(body.users[0]).not.toHaveProperty('passwordHash');
    expect(body.users[0]).not.toHaveProperty('password_hash');

    const second = await get('/api/users?role=user&page=2', admin);
    expect(second.json().users).toHaveLength(4);
    const ids = new Set([...body.users, ...second.json().users].map((user: { id: number }) => user.id));
    expect(ids.size).toBe(16);
  });

  it('answers the dashboard totals and the loan form customers (limit up to 1000)', async () => {
    expect((await get('/api/users?role=agent', admin)).json().total).toBe(2);
    expect((await get('/api/users?role=Super Admin', admin)).json().total).toBe(1);
    const all = await get('/api/users?role=user&limit=1000', admin);
    expect(all.json().users).toHaveLength(16);
    expect((await get('/api/users?role=nobody', admin)).json()).toEqual({
      users: [],
      total: 0,
      totalPages: 0,
    });
  });

  it('searches name and e-mail, ignoring case, with LIKE wildcards taken literally', async () => {
    const byName = await get('/api/users?search=sunita%20pawar', admin);
    expect(byName.json().users.map((user: { name: string }) => user.name)).toEqual(['Sunita PAWAR']);
    const byEmail = await get(`/api/users?search=${encodeURIComponent('_100%@SHOP')}`, admin);
    expect(byEmail.json().total).toBe(1);
    expect((await get(`/api/users?search=${encodeURIComponent('%')}`, admin)).json().total).toBe(1);
  });

  it('carries the reference customer of each user', async () => {
    const response = await get('/api/users?limit=1000', admin);
    const ofB = response.json().users.find((user: { id: number }) => user.id === customerOfB);
    expect(ofB.reference_customer).toMatchObject({ id: customersOfA[0], name: 'Customer 00' });
  });

  it.each([
    ['page=0', 'page must be a positive integer'],
    ['page=x', 'page must be a positive integer'],
    ['limit=0', 'limit must be between 1 and 1000'],
    ['limit=1001', 'limit must be between 1 and 1000'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await get(`/api/users?${query}`, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses borrowers and anonymous callers', async () => {
    expect((await get('/api/users', superadmin)).statusCode).toBe(200);
    expect((await get('/api/users', borrower.headers)).statusCode).toBe(403);
    expect((await get('/api/users?page=1&limit=1000', borrower.headers)).statusCode).toBe(403);
    expect((await get('/api/users', {})).statusCode).toBe(401);
  });
});

describe('GET /api/users asked by an agent (the reference picker of My Customers)', () => {
  const idsOf = (body: { users: { id: number }[] }) => body.users.map((user) => user.id).sort();

  it('answers only their own customers, whatever the filters ask', async () => {
    const mine = await get('/api/users?page=1&limit=1000', agentA.headers);
    expect(mine.statusCode).toBe(200);
    expect(idsOf(mine.json())).toEqual([...customersOfA].sort());
    expect(mine.json().total).toBe(3);
    expect(idsOf((await get('/api/users?page=1&limit=1000', agentB.headers)).json())).toEqual([customerOfB]);
    for (const query of [
      'role=agent',
      'role=admin',
      'role=superadmin',
      // Searched by name: an id's digits could also occur in the e-mails, which carry the process id.
      'search=Bharat',
      'search=agent',
    ]) {
      const body = (await get(`/api/users?limit=1000&${query}`, agentA.headers)).json();
      expect(body, query).toEqual({ users: [], total: 0, totalPages: 0 });
    }
  });

  it("never leaks another agent's customer, staff or a name-matched outsider", async () => {
    const everyone = (await get('/api/users?page=1&limit=1000', agentA.headers)).json().users;
    const ids = everyone.map((user: { id: number }) => user.id);
    for (const foreign of [customerOfB, agentA.user.id, agentB.user.id, borrower.user.id]) {
      expect(ids).not.toContain(foreign);
    }
    const bySearch = (await get('/api/users?search=customer', agentA.headers)).json();
    expect(bySearch.total).toBe(3);
  });
});

describe('GET /api/users/list/visible and /api/users/{id}', () => {
  it('gives an agent only their own customers', async () => {
    const response = await get('/api/users/list/visible', agentA.headers);
    expect(response.statusCode).toBe(200);
    const ids = response.json().users.map((user: { id: number }) => user.id);
    expect(ids.sort()).toEqual([...customersOfA].sort());
    const ofB = await get('/api/users/list/visible', agentB.headers);
    expect(ofB.json().users.map((user: { id: number }) => user.id)).toEqual([customerOfB]);
  });

  it("answers 404 when agent A asks for agent B's customer, 200 for their own", async () => {
    const foreign = await get(`/api/users/${customerOfB}`, agentA.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('User not found');
    const own = await get(`/api/users/${customersOfA[1]}`, agentA.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().user.id).toBe(customersOfA[1]);
    // The reference customer's details come with B's customer, for B only.
    const ofB = await get(`/api/users/${customerOfB}`, agentB.headers);
    expect(ofB.json().user.reference_customer.id).toBe(customersOfA[0]);
  });

  it('lets admins read any user and see every customer; refuses borrowers', async () => {
    expect((await get(`/api/users/${customerOfB}`, admin)).statusCode).toBe(200);
    expect((await get('/api/users/999999', admin)).statusCode).toBe(404);
    expect((await get('/api/users/abc', admin)).statusCode).toBe(404);
    expect((await get('/api/users/list/visible', admin)).json().users).toHaveLength(16);
    expect((await get('/api/users/list/visible', borrower.headers)).statusCode).toBe(403);
    expect((await get(`/api/users/${borrower.user.id}`, borrower.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/users/location/{id}', () => {
  it('answers the location to a superadmin', async () => {
    const located = await createUser(t.db, {
      latitude: 18.5204,
      longitude: 73.8567,
      locationEnabled: true,
      locationAccuracy: 12.5,
      locationUpdatedAt: new Date('2026-11-20T10:00:00Z'),
    });
    const response = await get(`/api/users/location/${located.id}`, superadmin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        latitude: 18.5204,
        longitude: 73.8567,
        location_enabled: true,
        location_updated_at: '2026-11-20T10:00:00.000Z',
        location_accuracy: 12.5,
      },
    });
  });

  it('answers a user who never shared a location with nulls', async () => {
    const response = await get(`/api/users/location/${customersOfA[0]}`, superadmin);
    expect(response.json().user).toEqual({
      latitude: null,
      longitude: null,
      location_enabled: false,
      location_updated_at: null,
      location_accuracy: null,
    });
  });

  it('refuses everyone else with 403 and answers unknown users with 404', async () => {
    for (const headers of [admin, agentA.headers, borrower.headers]) {
      const response = await get(`/api/users/location/${customersOfA[0]}`, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Access denied. Only superadmin can view user locations.');
    }
    const unknown = await get('/api/users/location/999999', superadmin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User location not found.');
    expect((await get(`/api/users/location/${customersOfA[0]}`, {})).statusCode).toBe(401);
  });
});
