import { eq } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { auditLogs, users } from '../../src/db/schema';
import { findRoleByName } from '../../src/modules/roles';
import { TEST_ADMIN } from './constants';
import { multipart, signIn } from './factories';
import { createTestApp, type TestApp } from './test-app';

export type Headers = Record<string, string>;
export type Files = Parameters<typeof multipart>[1];

/** The seeded superadmin's bearer header. */
export const superadminHeaders = async (t: TestApp): Promise<Headers> => ({
  authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}`,
});

export const roleIdOf = async (t: TestApp, name: string): Promise<number> => {
  const role = await findRoleByName(t.db, name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
};

/** The seeded roles by name. */
export type RoleName = 'superadmin' | 'admin' | 'agent' | 'user';

/**
 * A test file's app (closed after its tests), the seeded superadmin's bearer header, and the seeded
 * roles' ids (the users form names a role by id).
 */
export const usersTestApp = async () => {
  const t = await createTestApp();
  afterAll(() => t.close());
  const roles: Record<RoleName, number> = {
    superadmin: await roleIdOf(t, 'superadmin'),
    admin: await roleIdOf(t, 'admin'),
    agent: await roleIdOf(t, 'agent'),
    user: await roleIdOf(t, 'user'),
  };
  return { t, superadmin: await superadminHeaders(t), roles };
};

let sequence = 0;
/** A valid users-form body for a new user of the role id given. */
export const userForm = (roleId: number, overrides: Record<string, string> = {}): Record<string, string> => {
  sequence += 1;
  return {
    name: 'Meena Kumari',
    email: `meena${sequence}.${process.pid}@example.com`,
    password: 'secret123',
    role_id: String(roleId),
    is_active: 'true',
    mobile: '9876543210',
    address: '4 Station Road, Nashik',
    ...overrides,
  };
};

/** Sends a multipart form the way the browser's FormData does. */
export const sendForm = async (
  t: TestApp,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  headers: Headers,
  fields: Record<string, string>,
  files: Files = {},
) => {
  const body = await multipart(fields, files);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...headers, ...body.headers } });
};

export const userRow = async (t: TestApp, id: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
};

export const auditActions = async (t: TestApp, resourceId: number) =>
  (
    await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, String(resourceId)))
  ).map((row) => row.action);

/** A sample file in the shape the multipart helper takes. */
export const file = (data: Uint8Array, name: string, type = 'application/octet-stream') => ({
  data,
  name,
  type,
});
