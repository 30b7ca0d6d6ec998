import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, samples, signIn } from '../../../test/support/factories';
import {
  auditActions,
  file,
  type Headers,
  sendForm,
  userForm,
  userRow,
  usersTestApp,
} from '../../../test/support/users';

const { t, superadmin, roles } = await usersTestApp();
let admin: Headers;
let agent: { user: { id: number }; headers: Headers };

beforeAll(async () => {
  admin = (await createSignedInUser(t, { role: 'admin' })).headers;
  agent = await createSignedInUser(t, { role: 'agent' });
});

const create = (headers: Headers, fields: Record<string, string>, files?: Parameters<typeof sendForm>[5]) =>
  sendForm(t, 'POST', '/api/users', headers, fields, files);

describe('POST /api/users by an admin', () => {
  it('creates a user with documents, stored under random names, and audits it', async () => {
    const fields = userForm(roles.user, { email: 'Asha.Patil@Example.com' });
    const response = await create(admin, fields, {
      profile_pic: file(samples.gif, 'me.gif', 'image/gif'),
      pan_card: file(samples.png, '../../etc/passwd.png', 'image/png'),
      bank_check: file(samples.pdf, 'cheque.pdf', 'application/pdf'),
    });
    expect(response.statusCode).toBe(201);
    const { message, user } = response.json();
    expect(message).toBe('User created successfully');
    expect(user).toMatchObject({
      name: 'Meena Kumari',
      email: 'asha.patil@example.com',
      role: 'user',
      mobile: '9876543210',
      is_active: true,
      agent_id: null,
      voter_card: null,
      reference_customer: null,
    });
    expect(user.pan_card).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png\?expires=\d+&signature=/);
    expect(user.bank_check).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.pdf\?/);
    const image = await t.app.inject({ method: 'GET', url: user.profile_pic });
    expect(image.headers['content-type']).toBe('image/gif');
    expect(image.rawPayload.equals(Buffer.from(samples.gif))).toBe(true);

    const row = await userRow(t, user.id);
    expect(row?.panCard).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await auditActions(t, user.id)).toContain('user_created');
    // The password given is the one that works.
    await expect(signIn(t, 'asha.patil@example.com', 'secret123')).resolves.toBeTruthy();
  });

  it('takes is_active=false and a reference customer, answered with the reference details', async () => {
    const reference = await createUser(t.db, { latitude: 19.99, longitude: 73.78 });
    const response = await create(
      admin,
      userForm(roles.agent, { is_active: 'false', reference_customer_id: String(reference.id) }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      role: 'agent',
      is_active: false,
      reference_customer_id: reference.id,
      // Positions are for superadmins only (packages/domain/src/access/visibility.ts).
      reference_customer: { id: reference.id, name: reference.name, email: reference.email, latitude: null },
    });
  });

  it.each([
    ['name', { name: '   ' }, 'Name is required'],
    ['name', { name: ' A ' }, 'Name must be at least 2 characters'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['password', { password: '' }, 'Password is required for new users'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['role_id', { role_id: '' }, 'Role is required'],
    ['mobile', { mobile: '' }, 'Mobile is required'],
    ['mobile', { mobile: '5876543210' }, 'Invalid mobile number'],
    ['mobile', { mobile: '987654321' }, 'Invalid mobile number'],
    ['reference_customer_id', { reference_customer_id: 'abc' }, 'Invalid reference customer'],
  ])('refuses a bad %s with 400 and the form message', async (param, override, msg) => {
    const response = await create(admin, userForm(roles.user, override));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(msg);
    expect(response.json().errors).toContainEqual({ param, msg });
  });

  it('refuses unknown roles, references and agents with 400', async () => {
    const role = await create(admin, userForm(999_999));
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe('Role not found');
    const reference = await create(admin, userForm(roles.user, { reference_customer_id: '999999' }));
    expect(reference.json()).toMatchObject({ message: 'Reference customer not found' });
    const notAnAgent = await createUser(t.db, { role: 'user' });
    const assigned = await create(admin, userForm(roles.user, { agent_id: String(notAnAgent.id) }));
    expect(assigned.statusCode).toBe(400);
    expect(assigned.json().message).toBe('Assigned agent not found');
  });

  it('assigns a customer to an agent', async () => {
    const response = await create(admin, userForm(roles.user, { agent_id: String(agent.user.id) }));
    expect(response.statusCode).toBe(201);
    expect(response.json().user.agent_id).toBe(agent.user.id);
  });

  it('refuses a taken e-mail, ignoring case, with 409', async () => {
    const existing = await createUser(t.db);
    const response = await create(admin, userForm(roles.user, { email: existing.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'EMAIL_TAKEN',
      message: 'A user with this email already exists',
      errors: [{ param: 'email', msg: 'A user with this email already exists' }],
    });
  });

  it('lets only a superadmin create a superadmin', async () => {
    const byAdmin = await create(admin, userForm(roles.superadmin));
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('Only a superadmin can create or promote a superadmin');
    const bySuperadmin = await create(superadmin, userForm(roles.superadmin));
    expect(bySuperadmin.statusCode).toBe(201);
    expect(bySuperadmin.json().user.role).toBe('superadmin');
  });

  it('refuses role user (403) and anonymous callers (401)', async () => {
    const borrower = await createSignedInUser(t, { role: 'user' });
    expect((await create(borrower.headers, userForm(roles.user))).statusCode).toBe(403);
    expect((await create({}, userForm(roles.user))).statusCode).toBe(401);
  });
});

describe('POST /api/users by an agent', () => {
  it('creates their own customer: always role user, active, reference required', async () => {
    const reference = await createUser(t.db, { agentId: agent.user.id });
    const { password: _ignored, ...fields } = userForm(roles.admin, {
      is_active: 'false',
      agent_id: '1',
      reference_customer_id: String(reference.id),
    });
    const response = await create(agent.headers, fields);
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      role: 'user',
      is_active: true,
      agent_id: agent.user.id,
      reference_customer_id: reference.id,
    });
    // No password on the agent's form: the customer gets one nobody knows.
    const row = await userRow(t, response.json().user.id);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('needs a reference customer', async () => {
    const response = await create(agent.headers, userForm(roles.user));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { param: 'reference_customer_id', msg: 'Reference customer is required' },
    ]);
  });

  it('cannot make a superadmin even by sending its role id', async () => {
    const reference = await createUser(t.db);
    const response = await create(
      agent.headers,
      userForm(roles.superadmin, { reference_customer_id: String(reference.id) }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().user.role).toBe('user');
  });
});

describe('uploads on the users form', () => {
  it('refuses a text file renamed .png with 415 and the label, and stores nothing', async () => {
    const fields = userForm(roles.user);
    const response = await create(admin, fields, { pan_card: file(samples.text, 'pan.png', 'image/png') });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('PAN Card must be an image file (jpg, png, gif, webp)');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/users?search=${encodeURIComponent(fields.email ?? '')}`,
      headers: admin,
    });
    expect(list.json().total).toBe(0);
  });

  it('takes a PDF only for the bank check', async () => {
    const response = await create(admin, userForm(roles.user), {
      profile_pic: file(samples.pdf, 'me.pdf', 'application/pdf'),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Profile Picture must be an image file (jpg, png, gif, webp)');
  });

  it('refuses a file over 2 MB with 413 and the label', async () => {
    // 2 MB is 2 × 1024 × 1024 bytes; one byte more is over the limit.
    const big = new Uint8Array(2_097_153);
    big.set(samples.jpeg);
    const response = await create(admin, userForm(roles.user), {
      adhaar_card: file(big, 'aadhaar.jpg', 'image/jpeg'),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Aadhaar Card must be less than 2MB');
  });

  it('refuses unexpected file fields, including the QR code (it has its own call)', async () => {
    const response = await create(admin, userForm(roles.agent), {
      agent_qr_code: file(samples.png, 'qr.png', 'image/png'),
    });
    expect(response.statusCode).toBe(400);
  });
});
