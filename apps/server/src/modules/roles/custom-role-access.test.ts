import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/support/factories';
import { type Headers, sendForm, userForm, usersTestApp } from '../../../test/support/users';

const { t, superadmin } = await usersTestApp();

/**
 * The whole path a lender takes: a superadmin creates a custom role and a user holding it through
 * the API, the user signs in, and the server honours (or refuses) exactly what the matrix says.
 */
const signedInWithNewRole = async (name: string, permissions: object[]): Promise<Headers> => {
  const role = await t.app.inject({
    method: 'POST',
    url: '/api/roles',
    headers: superadmin,
    payload: { name, permissions },
  });
  expect(role.statusCode).toBe(201);
  const fields = userForm(role.json().id);
  const created = await sendForm(t, 'POST', '/api/users', superadmin, fields);
  expect(created.statusCode).toBe(201);
  return { authorization: `Bearer ${await signIn(t, fields.email ?? '', fields.password ?? '')}` };
};

const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });

describe('a custom role’s permission matrix on the server', () => {
  it('lets a role holding reports:read read the credit report, and nothing it was not given', async () => {
    const reader = await signedInWithNewRole('Credit Analyst', [{ resource: 'reports', actions: ['read'] }]);
    const reports = await get('/api/reports', reader);
    expect(reports.statusCode).toBe(200);
    expect(reports.json()).toMatchObject({ success: true });
    expect((await get('/api/auth/me', reader)).json().user.Role.permissions).toEqual([
      { resource: 'reports', actions: ['read'] },
    ]);
    // Role-guarded screens stay closed: a permission opens only the routes that ask for it.
    expect((await get('/api/roles', reader)).statusCode).toBe(403);
    expect((await get('/api/admin/audit-logs', reader)).statusCode).toBe(403);
  });

  it('refuses the credit report with 403 to a role without reports:read', async () => {
    const clerk = await signedInWithNewRole('Loan Clerk', [
      { resource: 'loans', actions: ['read', 'create'] },
    ]);
    const reports = await get('/api/reports', clerk);
    expect(reports.statusCode).toBe(403);
    expect(reports.json().code).toBe('FORBIDDEN');
    expect((await get('/api/reports/score?customer_id=1', clerk)).statusCode).toBe(403);
  });

  it('takes reports:read away at once when the superadmin unticks it', async () => {
    const reader = await signedInWithNewRole('Risk Desk', [{ resource: 'reports', actions: ['read'] }]);
    expect((await get('/api/reports', reader)).statusCode).toBe(200);
    const roles = (await get('/api/roles', superadmin)).json() as { id: number; name: string }[];
    const role = roles.find((entry) => entry.name === 'Risk Desk');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${role?.id}`,
      headers: superadmin,
      payload: { name: 'Risk Desk', permissions: [{ resource: 'loans', actions: ['read'] }] },
    });
    expect(edit.statusCode).toBe(200);
    expect((await get('/api/reports', reader)).statusCode).toBe(403);
  });

  it('grants nothing while the role is inactive', async () => {
    const reader = await signedInWithNewRole('Dormant Reader', [{ resource: 'reports', actions: ['read'] }]);
    const roles = (await get('/api/roles', superadmin)).json() as { id: number; name: string }[];
    const role = roles.find((entry) => entry.name === 'Dormant Reader');
    await t.app.inject({
      method: 'PUT',
      url: `/api/roles/${role?.id}`,
      headers: superadmin,
      payload: {
        name: 'Dormant Reader',
        permissions: [{ resource: 'reports', actions: ['read'] }],
        isActive: false,
      },
    });
    expect((await get('/api/reports', reader)).statusCode).toBe(403);
  });
});
