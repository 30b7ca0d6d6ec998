import { z } from 'zod';

/**
 * The Settings page's preferences. They are kept in the browser only (nothing is sent to the
 * server), so they describe how this device shows the back-office, never who may do what.
 */
export const SETTINGS_OPTIONS = {
  language: ['en', 'es', 'fr', 'de', 'hi'],
  timezone: ['UTC', 'EST', 'PST', 'IST', 'GMT'],
  sessionTimeout: [15, 30, 60, 120],
  passwordExpiry: [30, 60, 90, 180],
  theme: ['light', 'dark'],
  dashboardLayout: ['grid', 'list', 'compact'],
  refreshInterval: [1, 5, 10, 30],
  defaultPage: ['dashboard', 'loans', 'expenses', 'users'],
  profileVisibility: ['public', 'private', 'friends'],
  backupFrequency: ['daily', 'weekly', 'monthly'],
  dataRetention: [30, 90, 180, 365],
} as const;

export const LANGUAGE_LABELS: Record<(typeof SETTINGS_OPTIONS.language)[number], string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  hi: 'Hindi',
};

export const SETTINGS_TABS = ['Account', 'Security', 'Application', 'Privacy', 'System'] as const;
export type TSettingsTab = (typeof SETTINGS_TABS)[number];

const oneOf = <T extends string | number>(values: readonly T[], fallback: T) =>
  z.custom<T>((value) => (values as readonly unknown[]).includes(value)).catch(fallback);

const flag = (fallback: boolean) => z.boolean().catch(fallback);
const text = z.string().max(500).catch('');

/** Stored settings, each field falling back to its default when missing or not one of its options. */
export const ZLocalSettings = z.object({
  emailNotifications: flag(true),
  smsNotifications: flag(false),
  marketingEmails: flag(false),
  language: oneOf(SETTINGS_OPTIONS.language, 'en'),
  timezone: oneOf(SETTINGS_OPTIONS.timezone, 'IST'),
  twoFactorAuth: flag(false),
  sessionTimeout: oneOf(SETTINGS_OPTIONS.sessionTimeout, 30),
  loginAlerts: flag(true),
  passwordExpiry: oneOf(SETTINGS_OPTIONS.passwordExpiry, 90),
  theme: oneOf(SETTINGS_OPTIONS.theme, 'light'),
  dashboardLayout: oneOf(SETTINGS_OPTIONS.dashboardLayout, 'grid'),
  autoRefresh: flag(true),
  refreshInterval: oneOf(SETTINGS_OPTIONS.refreshInterval, 5),
  defaultPage: oneOf(SETTINGS_OPTIONS.defaultPage, 'dashboard'),
  profileVisibility: oneOf(SETTINGS_OPTIONS.profileVisibility, 'private'),
  activityTracking: flag(true),
  dataSharing: flag(false),
  analytics: flag(true),
  apiKey: text,
  webhookUrl: text,
  backupFrequency: oneOf(SETTINGS_OPTIONS.backupFrequency, 'daily'),
  dataRetention: oneOf(SETTINGS_OPTIONS.dataRetention, 365),
});
export type TLocalSettings = z.infer<typeof ZLocalSettings>;

/** Settings read from storage: anything unreadable gives the defaults, field by field. */
export const parseLocalSettings = (stored: string | null): TLocalSettings => {
  let value: unknown = {};
  try {
    value = stored === null ? {} : JSON.parse(stored);
  } catch {
    value = {};
  }
  const isRecord = typeof value === 'object' && value !== null && !Array.isArray(value);
  return ZLocalSettings.parse(isRecord ? value : {});
};

export const settingsMessages = {
  saved: (tab: TSettingsTab) => `${tab} settings saved successfully!`,
  saveFailed: 'Failed to save settings',
  passwordsMismatch: 'New passwords do not match',
  passwordChanged: 'Password changed successfully!',
  passwordFailed: 'Failed to change password',
} as const;

/** The settings page's password change checks only that the new password was typed twice alike. */
export const ZSettingsPasswordForm = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: settingsMessages.passwordsMismatch,
  });
export type TSettingsPasswordForm = z.infer<typeof ZSettingsPasswordForm>;
