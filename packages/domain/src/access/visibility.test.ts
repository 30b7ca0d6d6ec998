import { describe, expect, it } from 'vitest';
import { maskEmail, pickerViewFor, roleListViewFor, userViewFor } from './visibility';

const viewer = (role: string, id = 7) => ({ id, role });
const customerOf = (agentId: number | null, id = 50) => ({ id, agentId });

describe('what a role may see of a user', () => {
  it('shows everyone all of themselves, their position included', () => {
    expect(userViewFor(viewer('user', 50), customerOf(null, 50))).toEqual({ contact: true, location: true });
  });

  it.each([
    ['Super Admin', customerOf(3), { contact: true, location: true }],
    ['admin', customerOf(3), { contact: true, location: false }],
    ['agent', customerOf(7), { contact: true, location: false }],
    ['agent', customerOf(3), { contact: false, location: false }],
    ['agent', customerOf(null), { contact: false, location: false }],
    ['user', customerOf(7), { contact: false, location: false }],
    ['branch manager', customerOf(7), { contact: false, location: false }],
  ])('shows a %s viewing %o: %o', (role, subject, view) => {
    expect(userViewFor(viewer(role), subject)).toEqual(view);
  });

  it('lets only staff browse the picker with full e-mails', () => {
    expect(pickerViewFor(null)).toBe('search');
    expect(pickerViewFor(viewer('user'))).toBe('search');
    expect(pickerViewFor(viewer('agent'))).toBe('search');
    expect(pickerViewFor(viewer('admin'))).toBe('staff');
    expect(pickerViewFor(viewer('superadmin'))).toBe('staff');
  });

  it('masks an e-mail to its first two characters and its domain', () => {
    expect(maskEmail('ravi.kumar@example.com')).toBe('ra•••@example.com');
  });
});

describe('what GET /roles answers a role', () => {
  it.each([
    ['Super Admin', { permissions: true, only: null }],
    ['admin', { permissions: false, only: null }],
    ['agent', { permissions: false, only: ['user'] }],
    ['user', null],
    ['branch manager', null],
  ])('answers a %s %o', (role, view) => {
    expect(roleListViewFor(viewer(role))).toEqual(view);
  });
});
