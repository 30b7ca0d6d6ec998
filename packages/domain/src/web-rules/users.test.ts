import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../files/uploads';
import { ZProfileForm, ZProfilePasswordForm } from './profile';
import {
  checkUserFileOnSave,
  checkUserFileOnSelect,
  coordinatesText,
  mapsSearchUrl,
  matchesUserSearch,
  pagerItems,
  roleLabel,
  saveErrorField,
  userFormErrors,
} from './users';

const render = (page: number, total: number) =>
  pagerItems(page, total)
    .map((item) => (item.kind === 'gap' ? '…' : String(item.page)))
    .join(' ');

describe('pagerItems', () => {
  it('shows every page when there are 5 or fewer', () => {
    expect(render(1, 1)).toBe('1');
    expect(render(3, 5)).toBe('1 2 3 4 5');
    expect(render(1, 0)).toBe('');
  });

  it('keeps a window of 5 around the page with first/last shortcuts and ellipses', () => {
    expect(render(1, 10)).toBe('1 2 3 4 5 … 10');
    expect(render(5, 10)).toBe('1 … 3 4 5 6 7 … 10');
    expect(render(10, 10)).toBe('1 … 6 7 8 9 10');
    expect(render(4, 10)).toBe('1 2 3 4 5 6 … 10');
    expect(render(3, 6)).toBe('1 2 3 4 5 6');
    expect(render(4, 7)).toBe('1 2 3 4 5 6 7');
  });
});

describe('users screen helpers', () => {
  it('capitalises role names', () => {
    expect(roleLabel('agent')).toBe('Agent');
    expect(roleLabel('')).toBe('');
  });

  it('matches name or e-mail ignoring case', () => {
    const user = { name: 'Sunita Pawar', email: 'sunita@demo.example.com' };
    expect(matchesUserSearch(user, 'PAWAR')).toBe(true);
    expect(matchesUserSearch(user, 'demo.EXAMPLE')).toBe(true);
    expect(matchesUserSearch(user, 'ravi')).toBe(false);
    expect(matchesUserSearch(user, '  ')).toBe(true);
  });

  it('checks chosen files with the generic messages and saved ones with the field label', () => {
    const big = { size: MAX_UPLOAD_BYTES + 1, type: 'image/png' as const };
    expect(checkUserFileOnSelect('pan_card', big)).toBe('File size must be less than 2MB');
    expect(checkUserFileOnSave('pan_card', big)).toBe('PAN Card must be less than 2MB');
    const pdf = { size: 10, type: 'application/pdf' as const };
    expect(checkUserFileOnSelect('profile_pic', pdf)).toBe('Please upload only image files (JPG, PNG, etc.)');
    expect(checkUserFileOnSave('voter_card', pdf)).toBe(
      'Voter Card must be an image file (jpg, png, gif, webp)',
    );
    expect(checkUserFileOnSelect('bank_check', pdf)).toBeNull();
    expect(checkUserFileOnSelect('agent_qr_code', { size: 10, type: 'image/gif' })).toBeNull();
  });

  it('places save errors about the reference customer or the mobile', () => {
    expect(saveErrorField('Reference customer not found')).toBe('reference_customer_id');
    expect(saveErrorField('Invalid mobile number')).toBe('mobile');
    expect(saveErrorField('A user with this email already exists')).toBeNull();
  });

  it('builds the maps link and the copied text', () => {
    expect(mapsSearchUrl(18.52, 73.85)).toBe('https://www.google.com/maps/search/?api=1&query=18.52,73.85');
    expect(coordinatesText(18.52, 73.85)).toBe('18.52, 73.85');
  });
});

describe('profile forms', () => {
  const issues = (schema: typeof ZProfileForm | typeof ZProfilePasswordForm, value: unknown) =>
    schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  it('requires a name and valid coordinates given together', () => {
    const base = { name: 'Asha', address: '', latitude: '', longitude: '' };
    expect(issues(ZProfileForm, base)).toEqual([]);
    expect(issues(ZProfileForm, { ...base, name: ' ' })).toEqual(['Name is required']);
    expect(issues(ZProfileForm, { ...base, latitude: '91', longitude: '10' })).toEqual([
      'Latitude must be between -90 and 90',
    ]);
    expect(issues(ZProfileForm, { ...base, latitude: '18.5' })).toEqual([
      'Latitude and longitude must be given together',
    ]);
  });

  it('checks the new password length and confirmation', () => {
    expect(
      issues(ZProfilePasswordForm, { currentPassword: 'old', newPassword: 'abc', confirmPassword: 'abc' }),
    ).toEqual(['New password must be at least 6 characters long']);
    expect(
      issues(ZProfilePasswordForm, {
        currentPassword: 'old',
        newPassword: 'abcdef',
        confirmPassword: 'abcdeg',
      }),
    ).toEqual(['New passwords do not match']);
  });
});

describe('userFormErrors', () => {
  const blank = {
    name: '',
    email: '',
    password: '',
    role_id: '',
    is_active: true,
    mobile: '',
    address: '',
    reference_customer_id: '',
  };

  it('reports the field rules and the actor rules together', () => {
    expect(userFormErrors(blank, { mode: 'create', actorIsAgent: false })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      mobile: 'Mobile is required',
      password: 'Password is required for new users',
      role_id: 'Role is required',
    });
    expect(userFormErrors(blank, { mode: 'create', actorIsAgent: true })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      mobile: 'Mobile is required',
      reference_customer_id: 'Reference customer is required',
    });
  });

  it('keeps a blank password on edit and accepts a valid form', () => {
    const valid = { ...blank, name: 'Asha', email: 'asha@example.com', mobile: '9876543210', role_id: '4' };
    expect(userFormErrors(valid, { mode: 'edit', actorIsAgent: false })).toEqual({});
    expect(userFormErrors({ ...valid, password: '123' }, { mode: 'edit', actorIsAgent: false })).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });
});
