import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, samples } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { auditActions, file, type Headers, roleIdOf, sendForm, userRow } from '../../../test/support/users';
import { newStorageKey } from '../../platform/storage/file-storage';

let t: TestApp;
let agent: Awaited<ReturnType<typeof createSignedInUser>>;
let agentQrKey: string;

beforeAll(async () => {
  t = await createTestApp();
  agentQrKey = newStorageKey('image/png');
  await t.deps.storage.put(agentQrKey, Buffer.from(samples.png), 'image/png');
  agent = await createSignedInUser(t, { role: 'agent', agentQrCode: agentQrKey });
});
afterAll(() => t.close());

const getProfile = (headers: Headers) =>
  t.app.inject({ method: 'GET', url: '/api/users/profile/me', headers });
const putJson = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/users/profile/me', headers, payload });
const putForm = (headers: Headers, fields: Record<string, string>, files?: Parameters<typeof sendForm>[5]) =>
  sendForm(t, 'PUT', '/api/users/profile/me', headers, fields, files);

/** A signed-in borrower whose documents really are in storage. */
const borrowerWithDocuments = async (overrides: Parameters<typeof createSignedInUser>[1] = {}) => {
  const keys = { panCard: newStorageKey('image/png'), voterCard: newStorageKey('image/jpeg') };
  await t.deps.storage.put(keys.panCard, Buffer.from(samples.png), 'image/png');
  await t.deps.storage.put(keys.voterCard, Buffer.from(samples.jpeg), 'image/jpeg');
  return { ...(await createSignedInUser(t, { ...overrides, ...keys })), keys };
};

describe('GET /api/users/profile/me', () => {
  it("shows a borrower their agent's QR code", async () => {
    const borrower = await createSignedInUser(t, { agentId: agent.user.id });
    const response = await getProfile(borrower.headers);
    expect(response.statusCode).toBe(200);
    // The profile fields are the answer itself, not wrapped in {user}.
    const user = response.json();
    expect(user).not.toHaveProperty('user');
    expect(user).toMatchObject({
      id: borrower.user.id,
      role: 'user',
      email: borrower.user.email,
      name: borrower.user.name,
      Role: { name: 'user' },
    });
    expect(Object.keys(user)).toEqual(
      expect.arrayContaining(['mobile', 'address', 'latitude', 'longitude', 'profile_pic', 'pan_card']),
    );
    expect(user.agent_qr_code_url).toContain(`/api/files/${agentQrKey}?`);
    const image = await t.app.inject({ method: 'GET', url: user.agent_qr_code_url });
    expect(image.statusCode).toBe(200);
  });

  it('shows an agent their own QR code, and a borrower without an agent none', async () => {
    expect((await getProfile(agent.headers)).json().agent_qr_code_url).toContain(agentQrKey);
    const alone = await createSignedInUser(t);
    expect((await getProfile(alone.headers)).json().agent_qr_code_url).toBeNull();
  });

  it('needs a session', async () => {
    expect((await getProfile({})).statusCode).toBe(401);
  });
});

describe('PUT /api/users/profile/me', () => {
  it('updates name and address; role and activity cannot be changed here', async () => {
    const borrower = await createSignedInUser(t);
    const response = await putForm(borrower.headers, {
      name: '  Kavita Jadhav ',
      address: 'Tailoring shop, Kothrud',
      email: borrower.user.email.toUpperCase(),
      mobile: borrower.user.mobile ?? '',
      role_id: String(await roleIdOf(t, 'superadmin')),
      is_active: 'false',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Profile updated successfully');
    expect(response.json().user).toMatchObject({
      name: 'Kavita Jadhav',
      address: 'Tailoring shop, Kothrud',
      role: 'user',
      is_active: true,
    });
    expect(await auditActions(t, borrower.user.id)).toContain('profile_updated');
  });

  it('refuses a different e-mail or mobile with 400 and changes nothing', async () => {
    const borrower = await createSignedInUser(t);
    const email = await putJson(borrower.headers, { name: 'New Name', email: 'someone.else@example.com' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toEqual({
      code: 'EMAIL_UNCHANGEABLE',
      message: 'Email cannot be changed for security reasons',
      errors: [{ param: 'email', msg: 'Email cannot be changed for security reasons' }],
    });
    const mobile = await putJson(borrower.headers, { name: 'New Name', mobile: '9000000001' });
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json()).toMatchObject({
      code: 'MOBILE_UNCHANGEABLE',
      message: 'Mobile cannot be changed for security reasons',
    });
    expect((await userRow(t, borrower.user.id))?.name).toBe(borrower.user.name);
  });

  it('refuses a blank name', async () => {
    const borrower = await createSignedInUser(t);
    const response = await putJson(borrower.headers, { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ param: 'name', msg: 'Name is required' }]);
  });

  it('saves a location with the time it was taken, and clears it', async () => {
    const borrower = await createSignedInUser(t);
    const saved = await putForm(borrower.headers, {
      latitude: '18.5204',
      longitude: '73.8567',
      location_accuracy: '15',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({
      latitude: 18.5204,
      longitude: 73.8567,
      location_accuracy: 15,
      location_enabled: true,
      location_updated_at: t.clock.now().toISOString(),
    });

    // The same position sent again with the rest of the form is not a new reading.
    const stampedAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const again = await putJson(borrower.headers, {
      name: 'Same Place',
      latitude: 18.5204,
      longitude: 73.8567,
    });
    expect(again.json().user.location_updated_at).toBe(stampedAt);

    const cleared = await putJson(borrower.headers, { latitude: null, longitude: null });
    expect(cleared.json().user).toMatchObject({
      latitude: null,
      longitude: null,
      location_accuracy: null,
      location_enabled: false,
      location_updated_at: t.clock.now().toISOString(),
    });
  });

  it.each([
    [{ latitude: 91, longitude: 0 }, 'latitude', 'Latitude must be between -90 and 90'],
    [{ latitude: 0, longitude: -180.5 }, 'longitude', 'Longitude must be between -180 and 180'],
    [{ latitude: 'north', longitude: 0 }, 'latitude', 'Latitude must be between -90 and 90'],
    [
      { latitude: 10, longitude: 10, location_accuracy: -1 },
      'location_accuracy',
      'Location accuracy must be 0 or more',
    ],
    [{ latitude: 10 }, 'longitude', 'Latitude and longitude must be given together'],
    [{ location_enabled: 'maybe' }, 'location_enabled', 'Location enabled must be true or false'],
  ])('refuses a bad location %j with 400', async (payload, param, msg) => {
    const borrower = await createSignedInUser(t);
    const response = await putJson(borrower.headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ param, msg });
  });

  it('keeps a document sent back as its stored value, replaces one sent as a file, hides one sent as null', async () => {
    const borrower = await borrowerWithDocuments();
    const profile = (await getProfile(borrower.headers)).json();
    const response = await putForm(
      borrower.headers,
      { name: 'With Papers', voter_card: profile.voter_card },
      { pan_card: file(samples.gif, '../../pan.gif', 'image/gif') },
    );
    expect(response.statusCode).toBe(200);
    const row = await userRow(t, borrower.user.id);
    expect(row?.voterCard).toBe(borrower.keys.voterCard);
    expect(row?.panCard).toMatch(/^[0-9a-f-]{36}\.gif$/);
    expect(await t.deps.storage.get(borrower.keys.panCard)).toBeNull();

    const removed = await putJson(borrower.headers, {
      name: 'With Papers',
      pan_card: response.json().user.pan_card,
      voter_card: null,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.voter_card).toBeNull();
    expect(removed.json().user.pan_card).not.toBeNull();
    // Removed from the owner's view only: the file stays for staff until an admin purges it.
    expect(await t.deps.storage.get(borrower.keys.voterCard)).not.toBeNull();
  });

  it('hides a document sent as an empty form field; absent documents are kept', async () => {
    const borrower = await borrowerWithDocuments();
    const response = await putForm(borrower.headers, { pan_card: '' });
    expect(response.json().user.pan_card).toBeNull();
    expect(response.json().user.voter_card).not.toBeNull();
    expect((await userRow(t, borrower.user.id))?.hiddenDocuments).toEqual(['pan_card']);
  });

  it('checks uploaded files: text renamed .png → 415, over 2 MB → 413, QR code not accepted', async () => {
    const borrower = await borrowerWithDocuments();
    const text = await putForm(
      borrower.headers,
      {},
      { pan_card: file(samples.text, 'pan.png', 'image/png') },
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('PAN Card must be an image file (jpg, png, gif, webp)');
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(samples.png);
    const large = await putForm(borrower.headers, {}, { profile_pic: file(big, 'me.png') });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('Profile Picture must be less than 2MB');
    const qr = await putForm(agent.headers, {}, { agent_qr_code: file(samples.png, 'qr.png') });
    expect(qr.statusCode).toBe(400);
    expect(await t.deps.storage.get(borrower.keys.panCard)).not.toBeNull();
  });

  it('lets an agent save their profile without touching their QR code', async () => {
    const response = await putJson(agent.headers, { name: 'Agent Renamed', agent_qr_code: null });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.agent_qr_code_url).toContain(agentQrKey);
    expect(await t.deps.storage.get(agentQrKey)).not.toBeNull();
  });

  it('needs a session and a JSON object or form', async () => {
    expect((await putJson({}, { name: 'Nobody' })).statusCode).toBe(401);
    const borrower = await createSignedInUser(t);
    const array = await putJson(borrower.headers, [1, 2]);
    expect(array.statusCode).toBe(400);
  });
});
