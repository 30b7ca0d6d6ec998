import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, samples, signIn } from '../../../test/support/factories';
import {
  auditActions,
  file,
  type Headers,
  type RoleName,
  sendForm,
  userForm,
  userRow,
  usersTestApp,
} from '../../../test/support/users';

const { t, superadmin, roles } = await usersTestApp();
let admin: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  admin = await createSignedInUser(t, { role: 'admin' });
});

const put = (
  headers: Headers,
  id: number,
  fields: Record<string, string>,
  files?: Parameters<typeof sendForm>[5],
) => sendForm(t, 'PUT', `/api/users/${id}`, headers, fields, files);

/** The edit form of an existing user: what the modal sends back, with the given changes. */
const editForm = (
  user: { name: string; email: string; mobile: string | null },
  role: RoleName,
  changes = {},
) => ({
  ...userForm(roles[role]),
  name: user.name,
  email: user.email,
  mobile: user.mobile ?? '9876500000',
  password: '',
  ...changes,
});

describe('PUT /api/users/{id}', () => {
  it('updates the fields; a blank password keeps the current one', async () => {
    const target = await createUser(t.db);
    const response = await put(
      admin.headers,
      target.id,
      editForm(target, 'user', { name: '  Meena K  ', mobile: '7012345678', address: '' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('User updated successfully');
    expect(response.json().user).toMatchObject({ name: 'Meena K', mobile: '7012345678', address: null });
    await expect(signIn(t, target.email, target.password)).resolves.toBeTruthy();
    expect(await auditActions(t, target.id)).toContain('user_updated');
  });

  it('sets a new password and ends the sessions that knew the old one', async () => {
    const target = await createSignedInUser(t);
    const response = await put(
      admin.headers,
      target.user.id,
      editForm(target.user, 'user', { password: 'changed1' }),
    );
    expect(response.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: target.headers });
    expect(me.statusCode).toBe(401);
    await expect(signIn(t, target.user.email, 'changed1')).resolves.toBeTruthy();
  });

  it('replaces a document and deletes the old file; keeps the others', async () => {
    const created = await sendForm(t, 'POST', '/api/users', admin.headers, userForm(roles.user), {
      pan_card: file(samples.png, 'pan.png'),
      voter_card: file(samples.jpeg, 'voter.jpg'),
    });
    const user = created.json().user;
    const before = await userRow(t, user.id);
    const oldPan = before?.panCard ?? '';
    expect(await t.deps.storage.get(oldPan)).not.toBeNull();

    const response = await put(admin.headers, user.id, editForm(user, 'user'), {
      pan_card: file(samples.gif, 'new-pan.gif'),
    });
    expect(response.statusCode).toBe(200);
    const after = await userRow(t, user.id);
    expect(after?.panCard).toMatch(/\.gif$/);
    expect(after?.voterCard).toBe(before?.voterCard);
    expect(await t.deps.storage.get(oldPan)).toBeNull();
    expect((await t.deps.storage.get(after?.panCard ?? ''))?.equals(Buffer.from(samples.gif))).toBe(true);
  });

  it('keeps the old file and the row when the new file is refused', async () => {
    const created = await sendForm(t, 'POST', '/api/users', admin.headers, userForm(roles.user), {
      pan_card: file(samples.png, 'pan.png'),
    });
    const user = created.json().user;
    const before = await userRow(t, user.id);
    const response = await put(admin.headers, user.id, editForm(user, 'user', { name: 'Changed Name' }), {
      pan_card: file(samples.text, 'pan.png', 'image/png'),
    });
    expect(response.statusCode).toBe(415);
    const after = await userRow(t, user.id);
    expect(after?.name).toBe(before?.name);
    expect(await t.deps.storage.get(before?.panCard ?? '')).not.toBeNull();
  });

  it('applies the form rules on edit too', async () => {
    const target = await createUser(t.db);
    const response = await put(
      admin.headers,
      target.id,
      editForm(target, 'user', { mobile: '12345', role_id: '' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { param: 'mobile', msg: 'Invalid mobile number' },
        { param: 'role_id', msg: 'Role is required' },
      ]),
    );
  });

  it("refuses another user's e-mail (409) but keeps one's own in another case", async () => {
    const other = await createUser(t.db);
    const target = await createUser(t.db);
    const taken = await put(admin.headers, target.id, editForm(target, 'user', { email: other.email }));
    expect(taken.statusCode).toBe(409);
    const own = await put(
      admin.headers,
      target.id,
      editForm(target, 'user', { email: target.email.toUpperCase() }),
    );
    expect(own.statusCode).toBe(200);
  });

  it('refuses a user as their own reference customer, and clears the reference when sent blank', async () => {
    const reference = await createUser(t.db);
    const target = await createUser(t.db, { referenceCustomerId: reference.id });
    const self = await put(
      admin.headers,
      target.id,
      editForm(target, 'user', { reference_customer_id: String(target.id) }),
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('A user cannot be their own reference customer');
    const kept = await put(admin.headers, target.id, editForm(target, 'user'));
    expect(kept.json().user.reference_customer_id).toBe(reference.id);
    const cleared = await put(
      admin.headers,
      target.id,
      editForm(target, 'user', { reference_customer_id: '' }),
    );
    expect(cleared.json().user.reference_customer_id).toBeNull();
  });

  it('lets an admin promote to admin but not to superadmin; a superadmin can', async () => {
    const target = await createUser(t.db);
    const toAdmin = await put(admin.headers, target.id, editForm(target, 'admin'));
    expect(toAdmin.json().user.role).toBe('admin');
    const toSuper = await put(admin.headers, target.id, editForm(target, 'superadmin'));
    expect(toSuper.statusCode).toBe(403);
    expect(toSuper.json().message).toBe('Only a superadmin can create or promote a superadmin');
    expect((await userRow(t, target.id))?.roleId).toBe(roles.admin);
    const bySuper = await put(superadmin, target.id, editForm(target, 'superadmin'));
    expect(bySuper.statusCode).toBe(200);
    expect(bySuper.json().user.role).toBe('superadmin');
  });

  it('does not let an admin edit a superadmin', async () => {
    const target = await createUser(t.db, { role: 'superadmin' });
    const response = await put(
      admin.headers,
      target.id,
      editForm(target, 'superadmin', { name: 'Hijacked' }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Only a superadmin can edit a superadmin');
    expect((await userRow(t, target.id))?.name).toBe(target.name);
  });

  it('does not let anyone change their own role or deactivate themselves', async () => {
    const role = await put(admin.headers, admin.user.id, editForm(admin.user, 'user'));
    expect(role.statusCode).toBe(403);
    expect(role.json().message).toBe('You cannot change your own role');
    const inactive = await put(
      admin.headers,
      admin.user.id,
      editForm(admin.user, 'admin', { is_active: 'false' }),
    );
    expect(inactive.json().message).toBe('You cannot deactivate your own account');
  });

  it('deactivating a user locks them out at once', async () => {
    const target = await createSignedInUser(t);
    const response = await put(
      admin.headers,
      target.user.id,
      editForm(target.user, 'user', { is_active: 'false' }),
    );
    expect(response.json().user.is_active).toBe(false);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: target.headers });
    expect(me.statusCode).toBe(401);
  });

  it('refuses agents (403, even their own customers), borrowers (403) and unknown ids (404)', async () => {
    const agent = await createSignedInUser(t, { role: 'agent' });
    const customer = await createUser(t.db, { agentId: agent.user.id });
    expect((await put(agent.headers, customer.id, editForm(customer, 'user'))).statusCode).toBe(403);
    const borrower = await createSignedInUser(t);
    expect((await put(borrower.headers, borrower.user.id, editForm(borrower.user, 'user'))).statusCode).toBe(
      403,
    );
    expect((await put(admin.headers, 999_999, editForm(customer, 'user'))).statusCode).toBe(404);
  });

  it('assigns and unassigns an agent', async () => {
    const agent = await createUser(t.db, { role: 'agent' });
    const target = await createUser(t.db);
    const assigned = await put(
      admin.headers,
      target.id,
      editForm(target, 'user', { agent_id: String(agent.id) }),
    );
    expect(assigned.json().user.agent_id).toBe(agent.id);
    const unassigned = await put(admin.headers, target.id, editForm(target, 'user', { agent_id: '' }));
    expect(unassigned.json().user.agent_id).toBeNull();
  });

  it('takes the form as JSON too', async () => {
    const target = await createUser(t.db);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${target.id}`,
      headers: admin.headers,
      payload: {
        name: 'Json Person',
        email: target.email,
        mobile: '8123456789',
        role_id: roles.user,
        is_active: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ name: 'Json Person', mobile: '8123456789' });
  });
});
