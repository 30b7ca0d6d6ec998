import {
  LANGUAGE_LABELS,
  SETTINGS_OPTIONS,
  type TLocalSettings,
  type TSettingsTab,
} from './settings-options';

type TOption = { value: string; label: string };

/** One control of a tab: a switch, a choice among options, or a text (secret when `secret`). */
export type TSettingsField =
  | { key: keyof TLocalSettings; label: string; description?: string; kind: 'switch' }
  | { key: keyof TLocalSettings; label: string; description?: string; kind: 'select'; options: TOption[] }
  | { key: keyof TLocalSettings; label: string; description?: string; kind: 'text'; secret?: boolean };

const capitalised = (value: string) => `${value.charAt(0).toUpperCase()}${value.slice(1)}`;
const options = (values: readonly (string | number)[], label: (value: string) => string = capitalised) =>
  values.map((value) => ({ value: String(value), label: label(String(value)) }));

/** Every local setting, tab by tab, with the options the product offers. */
export const SETTINGS_FIELDS: Record<TSettingsTab, TSettingsField[]> = {
  Account: [
    { key: 'emailNotifications', label: 'Email Notifications', kind: 'switch' },
    { key: 'smsNotifications', label: 'SMS Notifications', kind: 'switch' },
    { key: 'marketingEmails', label: 'Marketing Emails', kind: 'switch' },
    {
      key: 'language',
      label: 'Language',
      kind: 'select',
      options: options(SETTINGS_OPTIONS.language, (v) => LANGUAGE_LABELS[v as keyof typeof LANGUAGE_LABELS]),
    },
    {
      key: 'timezone',
      label: 'Timezone',
      kind: 'select',
      options: options(SETTINGS_OPTIONS.timezone, (v) => v),
    },
  ],
  Security: [
    { key: 'twoFactorAuth', label: 'Two-Factor Authentication', kind: 'switch' },
    {
      key: 'sessionTimeout',
      label: 'Session Timeout',
      kind: 'select',
      options: options(SETTINGS_OPTIONS.sessionTimeout, (v) => `${v} minutes`),
    },
    { key: 'loginAlerts', label: 'Login Alerts', kind: 'switch' },
    {
      key: 'passwordExpiry',
      label: 'Password Expiry',
      kind: 'select',
      options: options(SETTINGS_OPTIONS.passwordExpiry, (v) => `${v} days`),
    },
  ],
  Application: [
    { key: 'theme', label: 'Theme', kind: 'select', options: options(SETTINGS_OPTIONS.theme) },
    {
      key: 'dashboardLayout',
      label: 'Dashboard Layout',
      kind: 'select',
      options: options(SETTINGS_OPTIONS.dashboardLayout),
    },
    { key: 'autoRefresh', label: 'Auto Refresh', kind: 'switch' },
    {
      key: 'refreshInterval',
      label: 'Refresh Interval',
      kind: 'select',
      options: options(SETTINGS_OPTIONS.refreshInterval, (v) => `${v} minute${v === '1' ? '' : 's'}`),
    },
    {
      key: 'defaultPage',
      label: 'Default Page',
      kind: 'select',
      options: options(SETTINGS_OPTIONS.defaultPage),
    },
  ],
  Privacy: [
    {
      key: 'profileVisibility',
      label: 'Profile Visibility',
      kind: 'select',
      options: options(SETTINGS_OPTIONS.profileVisibility),
    },
    { key: 'activityTracking', label: 'Activity Tracking', kind: 'switch' },
    { key: 'dataSharing', label: 'Data Sharing', kind: 'switch' },
    { key: 'analytics', label: 'Analytics', kind: 'switch' },
  ],
  System: [
    {
      key: 'apiKey',
      label: 'API Key',
      kind: 'text',
      secret: true,
      description: 'Kept on this device only; nothing uses it yet',
    },
    { key: 'webhookUrl', label: 'Webhook URL', kind: 'text', description: 'Kept on this device only' },
    {
      key: 'backupFrequency',
      label: 'Backup Frequency',
      kind: 'select',
      options: options(SETTINGS_OPTIONS.backupFrequency),
    },
    {
      key: 'dataRetention',
      label: 'Data Retention',
      kind: 'select',
      options: options(SETTINGS_OPTIONS.dataRetention, (v) => `${v} days`),
    },
  ],
};
