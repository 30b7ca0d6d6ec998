import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../../../test/support/constants';
import { createSignedInUser, createUser, signIn } from '../../../test/support/factories';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { auditLogs } from '../../db/schema';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
});
afterAll(() => t.close());

const auditActions = async (roleId: number) =>
  (
    await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resourceType, 'role'), eq(auditLogs.resourceId, String(roleId))))
  ).map((row) => row.action);

const createRole = (payload: object, as = headers) =>
  t.app.inject({ method: 'POST', url: '/api/roles', headers: as, payload });

describe('roles management (superadmin)', () => {
  it('creates, edits and deletes a custom role, auditing each change', async () => {
    const created = await createRole({
      name: 'Branch Manager',
      description: 'Runs one branch',
      permissions: [
        { resource: 'loans', actions: ['read', 'read', 'update'] },
        { resource: 'loans', actions: ['create'] },
        { resource: 'reports', actions: [] },
      ],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({ name: 'Branch Manager', isActive: true, is_system_role: false });
    expect(role.permissions).toEqual([{ resource: 'loans', actions: ['read', 'update', 'create'] }]);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${role.id}`,
      headers,
      payload: {
        name: 'Branch Manager',
        permissions: [{ resource: 'reports', actions: ['read'] }],
        isActive: false,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      isActive: false,
      permissions: [{ resource: 'reports', actions: ['read'] }],
    });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/roles/${role.id}`, headers });
    expect(deleted.json()).toEqual({ message: 'Role deleted successfully' });
    expect(await auditActions(role.id)).toEqual([
      'role_created',
      'role_updated',
      'permissions_updated',
      'role_deleted',
    ]);
  });

  it('refuses a second role with the same name ignoring case and spaces', async () => {
    await createRole({ name: 'Collections Lead' });
    const again = await createRole({ name: 'collectionslead' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A role with this name already exists');
    expect(again.json().code).toBe('ROLE_NAME_TAKEN');
  });

  it('keeps system roles deletable by nobody and their names fixed', async () => {
    const roles = (await t.app.inject({ method: 'GET', url: '/api/roles', headers })).json();
    const agent = roles.find((role: { name: string }) => role.name === 'agent');
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${agent.id}`,
      headers,
      payload: { name: 'Field Agent', permissions: agent.permissions },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('System role names cannot be changed');
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/roles/${agent.id}`, headers });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe('System roles cannot be deleted');
    expect(remove.json().code).toBe('SYSTEM_ROLE');
    const superadmin = roles.find((role: { name: string }) => role.name === 'superadmin');
    const deactivate = await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${superadmin.id}`,
      headers,
      payload: { name: 'superadmin', isActive: false },
    });
    expect(deactivate.statusCode).toBe(409);
  });

  it('lets a system role’s permissions be edited, and the change applies to its users at once', async () => {
    const roles = (await t.app.inject({ method: 'GET', url: '/api/roles', headers })).json();
    const userRole = roles.find((role: { name: string }) => role.name === 'user');
    const { headers: borrower } = await createSignedInUser(t, { role: 'user' });
    const grant = await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${userRole.id}`,
      headers,
      payload: {
        name: 'user',
        permissions: [...userRole.permissions, { resource: 'reports', actions: ['read'] }],
      },
    });
    expect(grant.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: borrower });
    expect(me.json().user.Role.permissions).toContainEqual({ resource: 'reports', actions: ['read'] });
    await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${userRole.id}`,
      headers,
      payload: { name: 'user', permissions: userRole.permissions },
    });
  });

  it('refuses to delete a role that users hold', async () => {
    const role = (await createRole({ name: 'Auditor' })).json();
    await createUser(t.db, { role: 'Auditor' });
    const response = await t.app.inject({ method: 'DELETE', url: `/api/roles/${role.id}`, headers });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This role is assigned to 1 user and cannot be deleted');
    expect(response.json().code).toBe('ROLE_IN_USE');
  });

  it.each([
    [{}, 'Role name is required'],
    [{ name: '   ' }, 'Role name is required'],
    [{ name: 'x'.repeat(51) }, 'Role name must be at most 50 characters'],
    [{ name: 'Ok', permissions: [{ resource: 'vault', actions: ['read'] }] }, 'Unknown resource'],
    [{ name: 'Ok', permissions: [{ resource: 'loans', actions: ['launch'] }] }, 'Unknown action'],
    [{ name: 'Ok', isActive: 'yes' }, 'isActive must be true or false'],
  ])('answers %j with 400 and a message', async (payload, message) => {
    const response = await createRole(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers unknown ids and paths that are no id with 404', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/roles/99999', headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/roles/abc', headers })).statusCode).toBe(404);
  });

  it.each(['admin', 'agent', 'user'])('refuses role %s on every role change with 403', async (role) => {
    const { headers: other } = await createSignedInUser(t, { role });
    expect((await createRole({ name: 'Sneaky' }, other)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/roles/1',
          headers: other,
          payload: { name: 'superadmin' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/roles/1', headers: other })).statusCode).toBe(
      403,
    );
  });
});

describe('custom roles and the permission layer', () => {
  it('grants a custom role exactly the resource:action checks it holds', async () => {
    await createRole({ name: 'Report Reader', permissions: [{ resource: 'reports', actions: ['read'] }] });
    const { headers: reader } = await createSignedInUser(t, { role: 'Report Reader' });
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: reader })).json();
    expect(me.user.role).toBe('reportreader');
    expect(me.user.Role.permissions).toEqual([{ resource: 'reports', actions: ['read'] }]);
    // Role-guarded routes still refuse a role not named there, whatever its permissions.
    expect((await t.app.inject({ method: 'GET', url: '/api/roles', headers: reader })).statusCode).toBe(403);
  });
});

describe('GET /roles for each role', () => {
  const list = (as: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/roles', headers: as });

  it('answers a superadmin every role with its permissions', async () => {
    const roles = (await list(headers)).json();
    expect(roles.map((role: { name: string }) => role.name)).toEqual(
      expect.arrayContaining(['superadmin', 'admin', 'agent', 'user']),
    );
    for (const role of roles) expect(role).toHaveProperty('permissions');
  });

  it("answers an admin every role's id and name, no permission matrix", async () => {
    const { headers: admin } = await createSignedInUser(t, { role: 'admin' });
    const roles = (await list(admin)).json();
    expect(roles.map((role: { name: string }) => role.name)).toEqual(
      expect.arrayContaining(['superadmin', 'admin', 'agent', 'user']),
    );
    for (const role of roles) expect(Object.keys(role).sort()).toEqual(['id', 'name']);
  });

  it("answers an agent only the customers' role, the one they give", async () => {
    const { headers: agent } = await createSignedInUser(t, { role: 'agent' });
    const response = await list(agent);
    expect(response.statusCode).toBe(200);
    const [user] = response.json();
    expect(response.json()).toEqual([{ id: user.id, name: 'user' }]);
  });

  it('refuses a borrower with 403 and an anonymous caller with 401', async () => {
    const { headers: borrower } = await createSignedInUser(t, { role: 'user' });
    expect((await list(borrower)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
  });
});
