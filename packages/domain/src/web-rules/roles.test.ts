import { describe, expect, it } from 'vitest';
import { isGranted, permissionCount, togglePermission, toggleResource } from './roles';

describe('the role editor’s permission matrix', () => {
  it('ticks and unticks cells, dropping a resource left empty', () => {
    const one = togglePermission([], 'reports', 'read');
    expect(one).toEqual([{ resource: 'reports', actions: ['read'] }]);
    const two = togglePermission(one, 'loans', 'create');
    expect(isGranted(two, 'loans', 'create')).toBe(true);
    expect(permissionCount(two)).toBe(2);
    expect(togglePermission(two, 'reports', 'read')).toEqual([{ resource: 'loans', actions: ['create'] }]);
  });

  it('fills a row, then clears it', () => {
    const actions = ['create', 'read', 'update', 'delete'];
    const full = toggleResource([{ resource: 'loans', actions: ['read'] }], 'loans', actions);
    expect(full).toEqual([{ resource: 'loans', actions }]);
    expect(toggleResource(full, 'loans', actions)).toEqual([]);
  });
});
