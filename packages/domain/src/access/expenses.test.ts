import { describe, expect, it } from 'vitest';
import { expenseScopeOf } from './expenses';

describe('expenseScopeOf', () => {
  it('gives admins and superadmins everyone, anyone else their own', () => {
    expect(expenseScopeOf({ id: 1, role: 'Super Admin' })).toEqual({ kind: 'everyone' });
    expect(expenseScopeOf({ id: 2, role: 'admin' })).toEqual({ kind: 'everyone' });
    expect(expenseScopeOf({ id: 3, role: 'agent' })).toEqual({ kind: 'own', userId: 3 });
    expect(expenseScopeOf({ id: 4, role: 'field lead' })).toEqual({ kind: 'own', userId: 4 });
  });
});
