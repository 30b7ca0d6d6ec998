import { describe, expect, it } from 'vitest';
import { parseLocalSettings, settingsMessages, ZSettingsPasswordForm } from './settings-options';

describe('local settings', () => {
  it('reads defaults from nothing, and keeps valid stored values', () => {
    expect(parseLocalSettings(null)).toMatchObject({ language: 'en', sessionTimeout: 30, theme: 'light' });
    expect(parseLocalSettings('{"sessionTimeout":120,"theme":"dark"}')).toMatchObject({
      sessionTimeout: 120,
      theme: 'dark',
    });
  });

  it('falls back field by field on bad or corrupt storage', () => {
    expect(parseLocalSettings('{"sessionTimeout":7,"theme":"neon","analytics":"yes"}')).toMatchObject({
      sessionTimeout: 30,
      theme: 'light',
      analytics: true,
    });
    expect(parseLocalSettings('not json').language).toBe('en');
    expect(parseLocalSettings('[1]').dataRetention).toBe(365);
  });

  it('names the tab in its saved message and checks only that new passwords match', () => {
    expect(settingsMessages.saved('Privacy')).toBe('Privacy settings saved successfully!');
    const mismatch = ZSettingsPasswordForm.safeParse({
      currentPassword: 'a',
      newPassword: 'b',
      confirmPassword: 'c',
    });
    expect(mismatch.error?.issues[0]?.message).toBe('New passwords do not match');
    expect(
      ZSettingsPasswordForm.safeParse({ currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' })
        .success,
    ).toBe(true);
  });
});
