import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../files/uploads';
import { ZResetPasswordForm } from './forms';
import { checkRegistrationFileOnSelect, checkRegistrationFileOnSubmit } from './registration-files';

describe('registration file checks', () => {
  it('refuses files over 2 MB with the generic message on select and the per-card one on submit', () => {
    const big = { size: MAX_UPLOAD_BYTES + 1, type: 'image/png' as const };
    expect(checkRegistrationFileOnSelect('pan_card', big)).toBe('File size must be less than 2MB');
    expect(checkRegistrationFileOnSubmit('pan_card', big)).toBe('PAN card image must be less than 2MB');
    expect(checkRegistrationFileOnSubmit('voter_card', big)).toBe('Voter card image must be less than 2MB');
    expect(checkRegistrationFileOnSubmit('adhaar_card', big)).toBe(
      'Aadhaar card image must be less than 2MB',
    );
  });

  it('accepts exactly 2 MB', () => {
    expect(
      checkRegistrationFileOnSelect('pan_card', { size: MAX_UPLOAD_BYTES, type: 'image/jpeg' }),
    ).toBeNull();
  });

  it('limits ID cards to JPG/PNG, the profile picture to images and the bank check to images or PDF', () => {
    expect(checkRegistrationFileOnSelect('adhaar_card', { size: 10, type: 'image/gif' })).toBe(
      'Only JPG, JPEG & PNG files are allowed',
    );
    expect(checkRegistrationFileOnSelect('profile_pic', { size: 10, type: 'image/gif' })).toBeNull();
    expect(checkRegistrationFileOnSelect('profile_pic', { size: 10, type: 'application/pdf' })).toBe(
      'Please upload only image files (JPG, PNG, etc.)',
    );
    expect(checkRegistrationFileOnSelect('bank_check', { size: 10, type: 'application/pdf' })).toBeNull();
    expect(checkRegistrationFileOnSelect('bank_check', { size: 10, type: null })).toBe(
      'Only image or PDF files are allowed',
    );
  });
});

describe('ZResetPasswordForm', () => {
  it('requires matching passwords of at least 6 characters', () => {
    const issues = (value: unknown) =>
      ZResetPasswordForm.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ newPassword: 'abc', confirmPassword: 'abc' })).toContain(
      'New password must be at least 6 characters long',
    );
    expect(issues({ newPassword: 'abcdef', confirmPassword: '' })).toContain('Please confirm your password');
    expect(issues({ newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toEqual(['Passwords do not match']);
    expect(issues({ newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual([]);
  });
});
