import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, multipart, samples } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { auditLogs, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const validFields = () => {
  sequence += 1;
  return {
    name: 'Ravi Kumar',
    email: `ravi${sequence}@example.com`,
    mobile: '9876543210',
    address: '12 MG Road, Pune',
    password: 'secret123',
    confirmPassword: 'secret123',
  };
};

const register = async (fields: Record<string, string>, files: Parameters<typeof multipart>[1] = {}) => {
  const body = await multipart(fields, files);
  return t.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
};

describe('POST /api/auth/register', () => {
  it('creates a borrower with identity images and signs them in', async () => {
    const response = await register(validFields(), {
      profile_pic: { data: samples.gif, name: 'me.gif', type: 'image/gif' },
      pan_card: { data: samples.png, name: 'pan.png', type: 'image/png' },
      adhaar_card: { data: samples.jpeg, name: 'aadhaar.jpg', type: 'image/jpeg' },
      bank_check: { data: samples.pdf, name: 'cheque.pdf', type: 'application/pdf' },
    });
    expect(response.statusCode).toBe(200);
    const { token, user } = response.json();
    expect(token).toBeTruthy();
    expect(user).toMatchObject({ name: 'Ravi Kumar', role: 'user', mobile: '9876543210', voter_card: null });
    expect(user.pan_card).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png\?expires=\d+&signature=/);

    const image = await t.app.inject({ method: 'GET', url: user.pan_card });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    // Images are re-encoded without metadata on upload: the same picture, not the same bytes.
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().user.id).toBe(user.id);
    const actions = (await t.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id))).map(
      (row) => row.action,
    );
    expect(actions).toContain('user_registered');
  });

  it('always creates role user, whatever the form says', async () => {
    const response = await register({ ...validFields(), role: 'superadmin', role_id: '1' });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('user');
  });

  it('records the reference customer', async () => {
    const reference = await createUser(t.db);
    const response = await register({ ...validFields(), reference_customer_id: String(reference.id) });
    expect(response.json().user.reference_customer_id).toBe(reference.id);
  });

  it.each([
    ['name', { name: '   ' }, 'Name is required'],
    ['email', { email: 'nope' }, 'Invalid email address'],
    ['mobile', { mobile: '' }, 'Mobile number is required'],
    ['mobile', { mobile: '98765' }, 'Please enter a valid 10-digit mobile number'],
    ['address', { address: '' }, 'Address is required'],
    ['password', { password: '123', confirmPassword: '123' }, 'Password must be at least 6 characters'],
    ['confirmPassword', { confirmPassword: 'different1' }, 'Passwords do not match'],
    ['reference_customer_id', { reference_customer_id: 'abc' }, 'Invalid reference customer'],
  ])('refuses a bad %s with 400 and the form message', async (param, override, message) => {
    const response = await register({ ...validFields(), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ param, msg: message });
  });

  it('refuses an unknown reference customer', async () => {
    const response = await register({ ...validFields(), reference_customer_id: '999999' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Reference customer not found');
  });

  it('refuses a taken e-mail, ignoring case, with 409', async () => {
    const existing = await createUser(t.db);
    const response = await register({ ...validFields(), email: existing.email.toUpperCase() });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([
      { param: 'email', msg: 'A user with this email already exists' },
    ]);
  });

  it('lets exactly one of two simultaneous registrations of an e-mail through; the other gets 409', async () => {
    const fields = validFields();
    const [first, second] = await Promise.all([
      register(fields),
      register({ ...fields, email: fields.email.toUpperCase() }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
  });

  it('refuses a text file renamed .png with 415, whatever its declared type', async () => {
    const fields = validFields();
    const response = await register(fields, {
      pan_card: { data: samples.text, name: 'pan.png', type: 'image/png' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Only JPG, JPEG & PNG files are allowed');
    expect(response.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const [created] = await t.db.select().from(users).where(eq(users.email, fields.email));
    expect(created).toBeUndefined();
  });

  it('refuses a GIF for an ID card (JPG/PNG only) but takes a PDF bank check', async () => {
    const gif = await register(validFields(), { voter_card: { data: samples.gif, name: 'voter.gif' } });
    expect(gif.statusCode).toBe(415);
    const pdfAsCard = await register(validFields(), { adhaar_card: { data: samples.pdf, name: 'a.pdf' } });
    expect(pdfAsCard.statusCode).toBe(415);
  });

  it('refuses an image over 2 MB with 413 and the per-card message', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(samples.png);
    const response = await register(validFields(), {
      voter_card: { data: big, name: 'voter.png', type: 'image/png' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Voter card image must be less than 2MB');
    expect(response.json().code).toBe('FILE_TOO_LARGE');
  });

  it('ignores path-like file names: files are stored under random names', async () => {
    const response = await register(validFields(), {
      profile_pic: { data: samples.png, name: '../../etc/passwd.png' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.profile_pic).toMatch(/^\/api\/files\/[0-9a-f-]{36}\.png\?/);
  });

  it('refuses unexpected file fields and non-multipart bodies', async () => {
    const extra = await register(validFields(), { malware: { data: samples.png, name: 'x.png' } });
    expect(extra.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: validFields() });
    expect(json.statusCode).toBe(415);
  });
});
