import path from 'node:path';
import type { Mailer } from '../mailer';
import { createEmailTransport } from './email';
import { createFileTransport, type FileTransportLog } from './files';
import { createGupshupSmsTransport, GUPSHUP_SMS_API_URL } from './sms-gupshup';
import type { MessageChannel, MessageTransport } from './types';
import { createWhatsAppCloudTransport, WHATSAPP_CLOUD_API_URL } from './whatsapp-cloud';

export { createEmailTransport } from './email';
export { createFileTransport, type FileTransportLog } from './files';
export { createGupshupSmsTransport, GUPSHUP_SMS_API_URL, type GupshupSmsSettings } from './sms-gupshup';
export type { MessageChannel, MessageTransport, OutgoingMessage, ProviderEvent, SendResult } from './types';
export {
  parseSmsWebhook,
  parseWhatsAppWebhook,
  verifySmsSignature,
  verifyWhatsAppSignature,
} from './webhooks';
export {
  createWhatsAppCloudTransport,
  WHATSAPP_CLOUD_API_URL,
  type WhatsAppCloudSettings,
} from './whatsapp-cloud';

export type MessageProviderSettings = {
  /** Null: no SMS provider (files outside production, nothing in production). */
  sms: {
    provider: 'gupshup';
    apiUrl: string;
    userId: string;
    password: string;
    senderHeader: string;
    entityId: string;
    /** Null: SMS callbacks cannot be verified, so the callback route must refuse them. */
    webhookSecret: string | null;
  } | null;
  /** Null: no WhatsApp Cloud API account. */
  whatsapp: {
    apiUrl: string;
    phoneNumberId: string;
    token: string;
    /** Null: Meta's callbacks cannot be verified, so the callback route must refuse them. */
    appSecret: string | null;
    /** Null: Meta's subscription check (`hub.verify_token`) cannot be answered. */
    verifyToken: string | null;
  } | null;
  /** Messages sent per second on each channel, at most. */
  ratePerSecond: number;
  /** How long a deliverer holds a message it is sending before another process may take it over. */
  leaseSeconds: number;
};

type Env = Record<string, string | undefined>;

const setting = (env: Env, name: string): string | null => {
  const value = env[name]?.trim();
  return value ? value : null;
};

const urlOf = (env: Env, name: string, fallback: string): string => {
  const value = setting(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL`);
  return value.replace(/\/+$/, '');
};

/** Refuses a provider set up half-way: it would fail on every message instead of at start-up. */
const requireAll = (env: Env, names: string[], because: string): void => {
  const missing = names.filter((name) => setting(env, name) === null);
  if (missing.length > 0)
    throw new Error(`${because}, but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set`);
};

const SMS_VARIABLES = [
  // Which SMS gateway: `gupshup`, or unset for none.
  'SMS_PROVIDER',
  // The gateway's endpoint; defaults to Gupshup Enterprise's.
  'SMS_API_URL',
  // The Gupshup Enterprise account id (digits).
  'SMS_USER_ID',
  // That account's password.
  'SMS_PASSWORD',
  // The DLT-registered sender header, 6 letters (e.g. LENDCO).
  'SMS_SENDER_HEADER',
  // The principal entity id registered on the DLT portal (digits).
  'SMS_DLT_ENTITY_ID',
  // The secret our SMS callback (delivery reports, replies) is signed with.
  'SMS_WEBHOOK_SECRET',
];

const WHATSAPP_VARIABLES = [
  // The WhatsApp Business phone number's id in Meta's WhatsApp Manager.
  'WHATSAPP_PHONE_NUMBER_ID',
  // A system user's access token with whatsapp_business_messaging.
  'WHATSAPP_TOKEN',
  // The Meta app's secret, which signs every callback (X-Hub-Signature-256).
  'WHATSAPP_APP_SECRET',
  // Our own word Meta repeats when the callback URL is subscribed (hub.verify_token).
  'WHATSAPP_VERIFY_TOKEN',
  // The Graph API's base with its version; defaults to https://graph.facebook.com/v21.0.
  'WHATSAPP_API_URL',
];

const readSms = (env: Env): MessageProviderSettings['sms'] => {
  const provider = setting(env, 'SMS_PROVIDER');
  if (provider === null) {
    const set = SMS_VARIABLES.filter((name) => setting(env, name) !== null);
    if (set.length > 0)
      throw new Error(`${set.join(', ')} set but SMS_PROVIDER is not: set SMS_PROVIDER=gupshup`);
    return null;
  }
  if (provider !== 'gupshup') throw new Error(`SMS_PROVIDER must be gupshup (or unset), not "${provider}"`);
  requireAll(
    env,
    ['SMS_USER_ID', 'SMS_PASSWORD', 'SMS_SENDER_HEADER', 'SMS_DLT_ENTITY_ID'],
    'SMS_PROVIDER=gupshup is set',
  );
  const userId = setting(env, 'SMS_USER_ID')!;
  const senderHeader = setting(env, 'SMS_SENDER_HEADER')!.toUpperCase();
  const entityId = setting(env, 'SMS_DLT_ENTITY_ID')!;
  if (!/^\d+$/.test(userId)) throw new Error('SMS_USER_ID must be the digits of the Gupshup account id');
  // DLT headers of service and transactional messages are exactly 6 letters.
  if (!/^[A-Z]{6}$/.test(senderHeader)) throw new Error('SMS_SENDER_HEADER must be the 6-letter DLT header');
  if (!/^\d+$/.test(entityId)) throw new Error('SMS_DLT_ENTITY_ID must be the digits of the DLT entity id');
  return {
    provider: 'gupshup',
    apiUrl: urlOf(env, 'SMS_API_URL', GUPSHUP_SMS_API_URL),
    userId,
    password: env.SMS_PASSWORD!,
    senderHeader,
    entityId,
    webhookSecret: setting(env, 'SMS_WEBHOOK_SECRET'),
  };
};

const readWhatsApp = (env: Env): MessageProviderSettings['whatsapp'] => {
  const set = WHATSAPP_VARIABLES.filter((name) => setting(env, name) !== null);
  if (set.length === 0) return null;
  requireAll(env, ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_TOKEN'], `${set.join(', ')} set`);
  return {
    apiUrl: urlOf(env, 'WHATSAPP_API_URL', WHATSAPP_CLOUD_API_URL),
    phoneNumberId: setting(env, 'WHATSAPP_PHONE_NUMBER_ID')!,
    token: setting(env, 'WHATSAPP_TOKEN')!,
    appSecret: setting(env, 'WHATSAPP_APP_SECRET'),
    verifyToken: setting(env, 'WHATSAPP_VERIFY_TOKEN'),
  };
};

/** MESSAGES_RATE_PER_SECOND: per channel, 1..1000, default 20 (Gupshup's and Meta's entry tiers allow more). */
const readRate = (env: Env): number => {
  const raw = setting(env, 'MESSAGES_RATE_PER_SECOND');
  if (raw === null) return 20;
  const rate = Number(raw);
  if (!/^\d+$/.test(raw) || rate < 1 || rate > 1000) {
    throw new Error(`MESSAGES_RATE_PER_SECOND must be a whole number from 1 to 1000, not "${raw}"`);
  }
  return rate;
};

/**
 * MESSAGES_LEASE_SECONDS: 15..3600, default 60. Never shorter than a send can take (a provider's 10 s
 * timeout and a second's wait for its slot): another process would take the message while the first
 * still waits for the provider, and the borrower would get it twice.
 */
const readLease = (env: Env): number => {
  const raw = setting(env, 'MESSAGES_LEASE_SECONDS');
  if (raw === null) return 60;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds < 15 || seconds > 3600)
    throw new Error(`MESSAGES_LEASE_SECONDS must be a whole number from 15 to 3600, not "${raw}"`);
  return seconds;
};

/** The message providers' settings from the environment; throws on a provider set up half-way. */
export const readMessageProviderSettings = (env: Env): MessageProviderSettings => ({
  sms: readSms(env),
  whatsapp: readWhatsApp(env),
  ratePerSecond: readRate(env),
  leaseSeconds: readLease(env),
});

export type MessageTransportContext = {
  env: 'development' | 'production' | 'test';
  dataDir: string;
  mailer: Mailer;
  mailProvider: 'smtp' | 'files' | 'none';
  log?: FileTransportLog;
};

const MISSING: Record<'sms' | 'whatsapp', string> = {
  sms: 'SMS is not configured: set SMS_PROVIDER=gupshup, SMS_USER_ID, SMS_PASSWORD, SMS_SENDER_HEADER and SMS_DLT_ENTITY_ID',
  whatsapp: 'WhatsApp is not configured: set WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN',
};

/**
 * Production refuses to pretend: a channel without its provider sends nothing and says why, so a
 * reminder is marked undeliverable instead of written to a folder no borrower reads.
 */
const unconfigured = (channel: 'sms' | 'whatsapp'): MessageTransport => ({
  channel,
  provider: 'none',
  configured: false,
  send: async () => ({ kind: 'rejected', reason: MISSING[channel] }),
});

const withoutProvider = (channel: 'sms' | 'whatsapp', context: MessageTransportContext): MessageTransport =>
  context.env === 'production'
    ? unconfigured(channel)
    : createFileTransport(channel, path.join(context.dataDir, 'messages', channel), context.log);

/** One transport per channel: the provider when set, otherwise files (or nothing in production). */
export const createMessageTransports = (
  settings: MessageProviderSettings,
  context: MessageTransportContext,
): Record<MessageChannel, MessageTransport> => ({
  sms: settings.sms ? createGupshupSmsTransport(settings.sms) : withoutProvider('sms', context),
  whatsapp: settings.whatsapp
    ? createWhatsAppCloudTransport(settings.whatsapp)
    : withoutProvider('whatsapp', context),
  email: createEmailTransport(context.mailer, context.mailProvider),
});
