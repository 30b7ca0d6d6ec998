import { describe, expect, it } from 'vitest';
import { hasPermission } from './permissions';
import { hasAnyRole, hasRole, homePathFor, normalizeRoleName } from './roles';

describe('roles', () => {
  it('compares role names ignoring case and spaces', () => {
    expect(normalizeRoleName(' Super Admin ')).toBe('superadmin');
    expect(hasRole({ Role: { name: 'AGENT' } }, 'agent')).toBe(true);
    expect(hasAnyRole({ role: 'Admin' }, ['admin', 'superadmin'])).toBe(true);
  });

  it('lets superadmin pass every role guard and nobody without a role', () => {
    expect(hasAnyRole({ role: 'super admin' }, ['agent'])).toBe(true);
    expect(hasAnyRole({ role: '' }, ['user'])).toBe(false);
    expect(hasAnyRole(null, ['user'])).toBe(false);
    expect(hasAnyRole({ role: 'user' }, ['admin', 'agent'])).toBe(false);
  });

  it.each([
    ['agent', '/agent-dashboard'],
    ['user', '/my-loans'],
    ['admin', '/admin/dashboard'],
    ['superadmin', '/admin/dashboard'],
    ['branch manager', '/my-loans'],
  ])('sends %s home to %s', (role, path) => {
    expect(homePathFor({ role })).toBe(path);
  });
});

describe('hasPermission', () => {
  const reader = { role: 'auditor', permissions: [{ resource: 'reports', actions: ['read'] }] };
  it('needs an entry for the resource that includes the action', () => {
    expect(hasPermission(reader, 'reports', 'read')).toBe(true);
    expect(hasPermission(reader, 'reports', 'delete')).toBe(false);
    expect(hasPermission(reader, 'loans', 'read')).toBe(false);
  });

  it('passes superadmin always and denies a missing role or missing permissions', () => {
    expect(hasPermission({ role: 'superadmin' }, 'anything', 'delete')).toBe(true);
    expect(hasPermission({ permissions: reader.permissions }, 'reports', 'read')).toBe(false);
    expect(hasPermission({ role: 'auditor' }, 'reports', 'read')).toBe(false);
  });

  it('reads permissions from the nested Role as the API answers it', () => {
    expect(
      hasPermission(
        { Role: { name: 'admin', permissions: [{ resource: 'reports', actions: ['read'] }] } },
        'reports',
        'read',
      ),
    ).toBe(true);
  });
});
