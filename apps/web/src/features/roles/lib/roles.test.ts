import type { TRole } from '@lending/domain';
import { describe, expect, it } from 'vitest';
import { permissionLabel, roleStats } from './roles';

describe('the role screens', () => {
  it('labels catalogue names for people', () => {
    expect(permissionLabel('audit_logs')).toBe('Audit Logs');
    expect(permissionLabel('read')).toBe('Read');
  });

  it('counts all, active, system and custom roles for the cards', () => {
    const role = (isActive: boolean, is_system_role: boolean) => ({ isActive, is_system_role }) as TRole;
    expect(roleStats([role(true, true), role(false, false), role(true, false)])).toEqual({
      total: 3,
      active: 2,
      system: 1,
      custom: 2,
    });
  });
});
