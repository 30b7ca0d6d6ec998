import type { Executor } from '../../src/db/client';
import type { UserRow } from '../../src/db/schema';
import { findRoleByName } from '../../src/modules/roles';
import { insertUser } from '../../src/modules/users';
import { hashPassword } from '../../src/platform/passwords';
import type { TestApp } from './test-app';

let sequence = 0;
const passwordHashes = new Map<string, Promise<string>>();
// Hashing is deliberately slow; reuse one hash per distinct password within a test file.
const hashOnce = (password: string) => {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
};

export type UserOverrides = Partial<
  Omit<typeof import('../../src/db/schema').users.$inferInsert, 'roleId'>
> & {
  role?: string;
  password?: string;
};

/** Inserts a user with the given role name (default 'user') and password (default 'secret123'). */
export const createUser = async (
  db: Executor,
  overrides: UserOverrides = {},
): Promise<UserRow & { password: string }> => {
  sequence += 1;
  const { role = 'user', password = 'secret123', ...values } = overrides;
  const roleRow = await findRoleByName(db, role);
  if (!roleRow) throw new Error(`no role ${role}`);
  const user = await insertUser(db, {
    name: `Test ${role} ${sequence}`,
    email: `${role.replace(/\W+/g, '').toLowerCase()}${sequence}.${process.pid}@example.com`,
    mobile: `98${String(10_000_000 + sequence).slice(-8)}`,
    address: 'MG Road, Bengaluru',
    passwordHash: await hashOnce(password),
    roleId: roleRow.id,
    ...values,
  });
  return { ...user, password };
};

/** Signs in through the API and answers the bearer token. */
export const signIn = async (t: TestApp, email: string, password: string): Promise<string> => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().token;
};

/** Creates a user of the role and signs them in. */
export const createSignedInUser = async (t: TestApp, overrides: UserOverrides = {}) => {
  const user = await createUser(t.db, overrides);
  const token = await signIn(t, user.email, user.password);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
};

/** A signed-in user changes their password (PUT /api/users/change-password); answers the response. */
export const changePassword = (
  t: TestApp,
  user: { password: string },
  headers: Record<string, string>,
  newPassword: string,
) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/change-password',
    headers,
    payload: { currentPassword: user.password, newPassword },
  });

/** A multipart body for app.inject, built the way a browser's FormData is. */
export const multipart = async (
  fields: Record<string, string>,
  files: Record<string, { data: Uint8Array; name: string; type?: string }> = {},
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files))
    form.append(name, new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
};

/** Smallest real files of each kind, for upload tests. */
export const samples = {
  png: Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  ),
  // A real 1×1 JPEG: uploaded images are decoded (to strip their metadata), so a header alone is refused.
  jpeg: Uint8Array.from(
    Buffer.from(
      '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpAB//Z',
      'base64',
    ),
  ),
  gif: Uint8Array.from(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')),
  pdf: Uint8Array.from(Buffer.from('%PDF-1.4\n%%EOF\n')),
  text: Uint8Array.from(Buffer.from('this is not an image at all')),
};
