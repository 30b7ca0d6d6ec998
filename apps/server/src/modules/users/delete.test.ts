import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, samples } from '../../../test/support/factories';
import {
  auditActions,
  file,
  type Headers,
  sendForm,
  userRow,
  usersTestApp,
} from '../../../test/support/users';
import { users } from '../../db/schema';
import { newStorageKey } from '../../platform/storage/file-storage';

const { t, superadmin } = await usersTestApp();
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let agent: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  admin = await createSignedInUser(t, { role: 'admin' });
  agent = await createSignedInUser(t, { role: 'agent' });
});

/** A user whose documents really are in storage. */
const userWithFiles = async (overrides: Parameters<typeof createUser>[1] = {}) => {
  const keys = { profilePic: newStorageKey('image/png'), bankCheck: newStorageKey('application/pdf') };
  await t.deps.storage.put(keys.profilePic, Buffer.from(samples.png), 'image/png');
  await t.deps.storage.put(keys.bankCheck, Buffer.from(samples.pdf), 'application/pdf');
  return { user: await createUser(t.db, { ...overrides, ...keys }), keys };
};

const remove = (headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method: 'DELETE', url, headers, ...(payload && { payload }) });

describe('DELETE /api/users/{id}', () => {
  it('deletes the user, then their files, and audits it', async () => {
    const { user, keys } = await userWithFiles();
    const response = await remove(admin.headers, `/api/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'User deleted successfully' });
    expect(await userRow(t, user.id)).toBeUndefined();
    expect(await t.deps.storage.get(keys.profilePic)).toBeNull();
    expect(await t.deps.storage.get(keys.bankCheck)).toBeNull();
    expect(await auditActions(t, user.id)).toContain('user_deleted');
  });

  it('refuses deleting yourself, and an admin deleting a superadmin', async () => {
    const self = await remove(admin.headers, `/api/users/${admin.user.id}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot delete your own account');
    expect(self.json().code).toBe('CANNOT_DELETE_SELF');
    const boss = await createUser(t.db, { role: 'superadmin' });
    const byAdmin = await remove(admin.headers, `/api/users/${boss.id}`);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe('Only a superadmin can delete a superadmin');
    expect(byAdmin.json().code).toBe('SUPERADMIN_PROTECTED');
    expect((await remove(superadmin, `/api/users/${boss.id}`)).statusCode).toBe(200);
  });

  it('refuses agents and borrowers (403); unknown ids answer 404', async () => {
    const customer = await createUser(t.db, { agentId: agent.user.id });
    expect((await remove(agent.headers, `/api/users/${customer.id}`)).statusCode).toBe(403);
    const borrower = await createSignedInUser(t);
    expect((await remove(borrower.headers, `/api/users/${customer.id}`)).statusCode).toBe(403);
    expect((await remove(admin.headers, '/api/users/999999')).statusCode).toBe(404);
    expect(await userRow(t, customer.id)).toBeDefined();
  });

  it.each([
    ['restrict', 'on delete restrict'],
    ['no_action', ''],
  ])(
    'refuses with 409 a user that money records point at (%s), keeping row and files',
    async (name, action) => {
      // Stands in for the loans table to come, which references users the same way.
      const table = sql.raw(`test_money_records_${name}`);
      await t.db.execute(
        sql`create table if not exists ${table} (id serial primary key, customer_id integer not null references users(id) ${sql.raw(action)})`,
      );
      const { user, keys } = await userWithFiles();
      await t.db.execute(sql`insert into ${table} (customer_id) values (${user.id})`);
      const response = await remove(admin.headers, `/api/users/${user.id}`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'This user has loans and cannot be deleted. Deactivate the user instead.',
      );
      expect(response.json().code).toBe('USER_HAS_LOANS');
      expect(await userRow(t, user.id)).toBeDefined();
      expect(await t.deps.storage.get(keys.profilePic)).not.toBeNull();
      expect(await auditActions(t, user.id)).not.toContain('user_deleted');
    },
  );

  it('unlinks the deleted user from their customers and referrals', async () => {
    const departing = await createUser(t.db, { role: 'agent' });
    const customer = await createUser(t.db, { agentId: departing.id, referenceCustomerId: departing.id });
    expect((await remove(admin.headers, `/api/users/${departing.id}`)).statusCode).toBe(200);
    expect(await userRow(t, customer.id)).toMatchObject({ agentId: null, referenceCustomerId: null });
  });
});

describe('DELETE /api/users/{id}/image', () => {
  it('removes one document and its file', async () => {
    const { user, keys } = await userWithFiles();
    const response = await remove(admin.headers, `/api/users/${user.id}/image`, { field: 'profile_pic' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Profile Picture deleted successfully');
    expect(response.json().user.profile_pic).toBeNull();
    expect(response.json().user.bank_check).toMatch(/^\/api\/files\//);
    expect(await t.deps.storage.get(keys.profilePic)).toBeNull();
    expect(await t.deps.storage.get(keys.bankCheck)).not.toBeNull();
    expect(await auditActions(t, user.id)).toContain('user_image_deleted');
  });

  it('answers 404 when there is no such document and 400 for an unknown field', async () => {
    const { user } = await userWithFiles();
    const missing = await remove(admin.headers, `/api/users/${user.id}/image`, { field: 'pan_card' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('PAN Card not found');
    const unknown = await remove(admin.headers, `/api/users/${user.id}/image`, { field: 'password_hash' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ param: 'field', msg: 'Unknown document field' }]);
  });

  it('refuses agents and protects superadmins from admins', async () => {
    const { user } = await userWithFiles({ agentId: agent.user.id });
    expect(
      (await remove(agent.headers, `/api/users/${user.id}/image`, { field: 'profile_pic' })).statusCode,
    ).toBe(403);
    const { user: boss } = await userWithFiles({ role: 'superadmin' });
    expect(
      (await remove(admin.headers, `/api/users/${boss.id}/image`, { field: 'profile_pic' })).statusCode,
    ).toBe(403);
  });
});

describe('PATCH and DELETE /api/users/{id}/agent-qr', () => {
  const patchQr = (headers: Headers, id: number, files: Parameters<typeof sendForm>[5]) =>
    sendForm(t, 'PATCH', `/api/users/${id}/agent-qr`, headers, {}, files);

  it("sets an agent's QR code, replaces it (old file deleted) and removes it", async () => {
    const target = await createUser(t.db, { role: 'agent' });
    const first = await patchQr(admin.headers, target.id, { agent_qr_code: file(samples.png, 'qr.png') });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Agent QR code updated successfully');
    expect(first.json().user.agent_qr_code_url).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png\?/);
    const firstKey = (await userRow(t, target.id))?.agentQrCode ?? '';

    const second = await patchQr(admin.headers, target.id, { agent_qr_code: file(samples.jpeg, 'qr.jpg') });
    expect(second.statusCode).toBe(200);
    const secondKey = (await userRow(t, target.id))?.agentQrCode ?? '';
    expect(secondKey).toMatch(/\.jpg$/);
    expect(await t.deps.storage.get(firstKey)).toBeNull();

    const removed = await remove(admin.headers, `/api/users/${target.id}/agent-qr`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Agent QR Code deleted successfully');
    expect(removed.json().user.agent_qr_code_url).toBeNull();
    expect(await t.deps.storage.get(secondKey)).toBeNull();
    expect(await auditActions(t, target.id)).toEqual(
      expect.arrayContaining(['user_agent_qr_updated', 'user_agent_qr_deleted']),
    );
    expect((await remove(admin.headers, `/api/users/${target.id}/agent-qr`)).statusCode).toBe(404);
  });

  it('is only for agents, admins and superadmins', async () => {
    const borrower = await createUser(t.db);
    const response = await patchQr(admin.headers, borrower.id, {
      agent_qr_code: file(samples.png, 'qr.png'),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only agents, admins and superadmins can have an agent QR code');
    const [row] = await t.db.select().from(users).where(eq(users.id, borrower.id));
    expect(row?.agentQrCode).toBeNull();
  });

  it('checks the file: required, an image, under 2 MB', async () => {
    const target = await createUser(t.db, { role: 'admin' });
    const none = await patchQr(admin.headers, target.id, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Agent QR code file is required');
    const text = await patchQr(admin.headers, target.id, {
      agent_qr_code: file(samples.text, 'qr.png', 'image/png'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Agent QR Code must be an image file (jpg, png, gif, webp)');
    const pdf = await patchQr(admin.headers, target.id, { agent_qr_code: file(samples.pdf, 'qr.pdf') });
    expect(pdf.statusCode).toBe(415);
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(samples.png);
    const large = await patchQr(admin.headers, target.id, { agent_qr_code: file(big, 'qr.png') });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('Agent QR Code must be less than 2MB');
  });

  it('refuses agents, even for themselves', async () => {
    const response = await patchQr(agent.headers, agent.user.id, {
      agent_qr_code: file(samples.png, 'qr.png'),
    });
    expect(response.statusCode).toBe(403);
    expect((await remove(agent.headers, `/api/users/${agent.user.id}/agent-qr`)).statusCode).toBe(403);
  });
});
