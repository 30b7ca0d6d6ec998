import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../files/uploads';
import { ZProfileForm, ZProfilePasswordForm } from './profile';
import { checkUserFileOnSave, checkUserFileOnSelect, userFormErrors } from './users';

describe('user file checks', () => {
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
