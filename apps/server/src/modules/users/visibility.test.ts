import { describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../../test/support/constants';
import { createSignedInUser, createUser } from '../../../test/support/factories';
import { roleIdOf, sendForm, userForm, usersTestApp } from '../../../test/support/users';

const { t, superadmin } = await usersTestApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const HOME = { latitude: 19.99, longitude: 73.79, locationAccuracy: 12, locationUpdatedAt: new Date() };
const LOCATION_FIELDS = ['latitude', 'longitude', 'location_accuracy', 'location_updated_at'] as const;

const expectNoLocation = (user: Record<string, unknown>) => {
  for (const field of LOCATION_FIELDS) expect(user[field], field).toBeNull();
};

describe('the reference picker (GET /auth/users) beyond the staff', () => {
  it.each(['user', 'agent'])('gives a %s only a search of at most 20, e-mails masked', async (role) => {
    const { headers } = await createSignedInUser(t, { role });
    for (let i = 0; i < 22; i += 1) await createUser(t.db, { name: `Pickerperson ${role} ${i}` });
    expect((await get('/api/auth/users', headers)).json()).toEqual({ users: [] });
    expect((await get('/api/auth/users?search=a', headers)).json()).toEqual({ users: [] });
    const found = (await get(`/api/auth/users?search=pickerperson ${role}`, headers)).json().users;
    expect(found).toHaveLength(20);
    for (const user of found) expect(user.email).toMatch(/^.{0,2}•••@/);
    const admin = (await get('/api/auth/users?search=admin@', headers)).json().users;
    expect(admin.map((user: { email: string }) => user.email)).not.toContain(TEST_ADMIN.email);
  });

  it('gives admins full e-mails', async () => {
    const { headers } = await createSignedInUser(t, { role: 'admin' });
    const found = (await get('/api/auth/users?search=admin@', headers)).json().users;
    expect(found.map((user: { email: string }) => user.email)).toContain(TEST_ADMIN.email);
  });
});

describe("an agent's view of a reference outside their book", () => {
  it('is an id and a name in the create answer, GET /users/{id} and /users/list/visible', async () => {
    const agent = await createSignedInUser(t, { role: 'agent' });
    const outsider = await createUser(t.db, { name: 'Outside Reference', ...HOME });
    const created = await sendForm(
      t,
      'POST',
      '/api/users',
      agent.headers,
      userForm(await roleIdOf(t, 'user'), { reference_customer_id: String(outsider.id) }),
    );
    expect(created.statusCode).toBe(201);
    const hidden = { id: outsider.id, name: 'Outside Reference', email: null, mobile: null, address: null };
    expect(created.json().user.reference_customer).toMatchObject(hidden);
    const id = created.json().user.id;
    const one = (await get(`/api/users/${id}`, agent.headers)).json().user;
    expect(one.reference_customer).toMatchObject({ ...hidden, latitude: null, longitude: null });
    const visible = (await get('/api/users/list/visible', agent.headers)).json().users;
    expect(visible.find((user: { id: number }) => user.id === id).reference_customer).toMatchObject(hidden);
    expect(JSON.stringify(visible)).not.toContain(outsider.email);
  });

  it('keeps the contact details of a reference inside the book', async () => {
    const agent = await createSignedInUser(t, { role: 'agent' });
    const own = await createUser(t.db, { name: 'Own Reference', agentId: agent.user.id });
    const created = await sendForm(
      t,
      'POST',
      '/api/users',
      agent.headers,
      userForm(await roleIdOf(t, 'user'), { reference_customer_id: String(own.id) }),
    );
    expect(created.json().user.reference_customer).toMatchObject({ id: own.id, email: own.email });
  });
});

describe('location fields', () => {
  it('are hidden from an admin in GET /users and GET /users/{id}, shown to a superadmin', async () => {
    const located = await createUser(t.db, { name: 'Located Borrower', ...HOME });
    const admin = await createSignedInUser(t, { role: 'admin' });
    const listed = (await get('/api/users?search=Located Borrower', admin.headers)).json().users;
    expectNoLocation(listed[0]);
    expectNoLocation((await get(`/api/users/${located.id}`, admin.headers)).json().user);
    const bySuperadmin = (await get(`/api/users/${located.id}`, superadmin)).json().user;
    expect(bySuperadmin).toMatchObject({ latitude: 19.99, longitude: 73.79, location_accuracy: 12 });
  });

  it("are hidden from an agent's view of their customers and of references", async () => {
    const agent = await createSignedInUser(t, { role: 'agent' });
    const customer = await createUser(t.db, { agentId: agent.user.id, ...HOME });
    const visible = (await get('/api/users/list/visible', agent.headers)).json().users;
    expectNoLocation(visible.find((user: { id: number }) => user.id === customer.id));
    expectNoLocation((await get(`/api/users/${customer.id}`, agent.headers)).json().user);
  });

  it("are hidden from an admin's reference details and save answers", async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const reference = await createUser(t.db, HOME);
    const created = await sendForm(
      t,
      'POST',
      '/api/users',
      admin.headers,
      userForm(await roleIdOf(t, 'user'), { reference_customer_id: String(reference.id) }),
    );
    expect(created.json().user.reference_customer).toMatchObject({ latitude: null, longitude: null });
  });

  it('are shown to the user themselves (their profile and /auth/me)', async () => {
    const me = await createSignedInUser(t, HOME);
    expect((await get('/api/users/profile/me', me.headers)).json().latitude).toBe(19.99);
    expect((await get('/api/auth/me', me.headers)).json().user.latitude).toBe(19.99);
  });
});
