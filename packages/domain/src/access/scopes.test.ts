import { describe, expect, it } from 'vitest';
import {
  agentBookScope,
  creditScopeOf,
  loanScopeOf,
  ownLoansScope,
  seesEveryCustomer,
  userListScopeOf,
} from './scopes';

const caller = (role: string, id = 7) => ({ id, role });

describe('customer scopes', () => {
  it('lets admins and superadmins see every customer, whatever the spelling of the role', () => {
    expect(seesEveryCustomer(caller('Super Admin'))).toBe(true);
    expect(seesEveryCustomer(caller('admin'))).toBe(true);
    expect(seesEveryCustomer(caller('agent'))).toBe(false);
  });

  it.each([
    ['admin', { kind: 'everyone' }],
    ['superadmin', { kind: 'everyone' }],
    ['agent', { kind: 'agent', agentId: 7 }],
    ['user', { kind: 'customer', customerId: 7 }],
    ['branch manager', { kind: 'customer', customerId: 7 }],
  ])('shows a %s the loans of %o', (role, scope) => {
    expect(loanScopeOf(caller(role))).toEqual(scope);
  });

  it('shows anyone their own loans on My Loans', () => {
    expect(ownLoansScope(caller('admin'))).toEqual({ kind: 'customer', customerId: 7 });
  });

  it("keeps an agent to their own book whatever agentId asks; admins may pick one agent's book", () => {
    expect(agentBookScope(caller('agent'), 99)).toEqual({ kind: 'agent', agentId: 7 });
    expect(agentBookScope(caller('admin'))).toEqual({ kind: 'everyone' });
    expect(agentBookScope(caller('admin'), 99)).toEqual({ kind: 'agent', agentId: 99 });
  });

  it.each([
    ['agent', { kind: 'agent', agentId: 7 }],
    ['user', { kind: 'customer', customerId: 7 }],
    ['admin', { kind: 'everyone' }],
    ['auditor', { kind: 'everyone' }],
  ])('shows a %s holding reports:read the credit history of %o', (role, scope) => {
    expect(creditScopeOf(caller(role))).toEqual(scope);
  });

  it.each([
    ['agent', { kind: 'agent', agentId: 7 }],
    ['user', { kind: 'customer', customerId: 7 }],
    ['admin', { kind: 'everyone' }],
    ['superadmin', { kind: 'everyone' }],
  ])('lists to a %s the accounts of %o', (role, scope) => {
    expect(userListScopeOf(caller(role))).toEqual(scope);
  });
});
