import { createHmac, timingSafeEqual } from 'node:crypto';
import { isRecord, tenDigitMobile } from './provider-http';
import type { ProviderEvent } from './types';

/**
 * Provider callbacks read as events. Pure: the route checks the signature over the raw bytes, then
 * hands the parsed body here. A callback is the provider's word, not ours: anything malformed is
 * skipped, never thrown, so one bad entry cannot make the provider resend the whole batch forever.
 */

/** `sha256=<hex HMAC-SHA256 of the raw body>`, compared in constant time; an empty secret verifies nothing. */
const verifyHmacHeader = (rawBody: Buffer, header: string | undefined, secret: string): boolean => {
  if (!secret || typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1], 'hex');
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/** Meta signs every callback with the app secret: `X-Hub-Signature-256: sha256=<hex>`. */
export const verifyWhatsAppSignature = (rawBody: Buffer, header: string | undefined, appSecret: string) =>
  verifyHmacHeader(rawBody, header, appSecret);

/**
 * Our SMS callback: `X-Signature: sha256=<hex>` with SMS_WEBHOOK_SECRET. Gupshup's DLR push is not
 * signed by itself, so it is configured to go through a signing relay (or its signed-callback option).
 */
export const verifySmsSignature = (rawBody: Buffer, header: string | undefined, secret: string) =>
  verifyHmacHeader(rawBody, header, secret);

const WHATSAPP_STATUSES: Record<string, 'sent' | 'delivered' | 'failed'> = {
  sent: 'sent',
  delivered: 'delivered',
  // Read implies delivered; we track delivery, not reading.
  read: 'delivered',
  failed: 'failed',
};

/** Meta's `entry[].changes[].value`: `statuses[]` of our messages and `messages[]` from borrowers. */
export const parseWhatsAppWebhook = (body: unknown): ProviderEvent[] => {
  const events: ProviderEvent[] = [];
  for (const entry of arrayOf(isRecord(body) ? body.entry : undefined)) {
    for (const change of arrayOf(isRecord(entry) ? entry.changes : undefined)) {
      const value = isRecord(change) && isRecord(change.value) ? change.value : null;
      if (!value) continue;
      for (const status of arrayOf(value.statuses)) {
        const event = whatsAppStatus(status);
        if (event) events.push(event);
      }
      for (const message of arrayOf(value.messages)) {
        const event = whatsAppReply(message);
        if (event) events.push(event);
      }
    }
  }
  return events;
};

const whatsAppStatus = (status: unknown): ProviderEvent | null => {
  if (!isRecord(status)) return null;
  const id = text(status.id);
  const mapped = WHATSAPP_STATUSES[text(status.status) ?? ''];
  const at = epochSeconds(status.timestamp);
  if (!id || !mapped || !at) return null;
  const error = arrayOf(status.errors)[0];
  const reason = isRecord(error) ? (text(error.title) ?? text(error.message)) : null;
  return { kind: 'status', providerMessageId: id, status: mapped, reason, at };
};

const whatsAppReply = (message: unknown): ProviderEvent | null => {
  if (!isRecord(message)) return null;
  const from = tenDigitMobile(text(message.from) ?? '');
  const at = epochSeconds(message.timestamp);
  const body =
    message.type === 'text' && isRecord(message.text)
      ? text(message.text.body)
      : message.type === 'button' && isRecord(message.button)
        ? text(message.button.text)
        : null;
  if (!from || !at || !body) return null;
  return { kind: 'reply', from, text: body, at };
};

const SMS_STATUSES: Record<string, 'sent' | 'delivered' | 'failed'> = {
  SUCCESS: 'delivered',
  DELIVRD: 'delivered',
  DELIVERED: 'delivered',
  FAIL: 'failed',
  FAILED: 'failed',
  UNDELIV: 'failed',
  REJECTD: 'failed',
  REJECTED: 'failed',
  EXPIRED: 'failed',
  SENT: 'sent',
  SUBMITTED: 'sent',
};

/**
 * The SMS callback: one object or an array of them (Gupshup's POST push batches up to 20). A
 * delivery report has Gupshup's DLR fields (`externalId`, `status`, `cause`, `deliveredTS`; the
 * POST form's `eventType`/`eventTs` too); a reply has `mobile` and `text` (or `msg`). A report
 * without a readable time is dated `receivedAt` rather than lost.
 */
export const parseSmsWebhook = (body: unknown, receivedAt = new Date()): ProviderEvent[] => {
  const items = Array.isArray(body) ? body : [body];
  const events: ProviderEvent[] = [];
  for (const item of items) {
    const event = isRecord(item) ? (smsStatus(item, receivedAt) ?? smsReply(item, receivedAt)) : null;
    if (event) events.push(event);
  }
  return events;
};

const smsStatus = (item: Record<string, unknown>, receivedAt: Date): ProviderEvent | null => {
  const id = text(item.externalId);
  const status = SMS_STATUSES[(text(item.status) ?? text(item.eventType) ?? '').toUpperCase()];
  if (!id || !status) return null;
  const at = moment(item.deliveredTS) ?? moment(item.eventTs) ?? receivedAt;
  const reason = status === 'failed' ? (text(item.cause) ?? text(item.errCode)) : null;
  return { kind: 'status', providerMessageId: id, status, reason, at };
};

const smsReply = (item: Record<string, unknown>, receivedAt: Date): ProviderEvent | null => {
  const from = tenDigitMobile(text(item.mobile) ?? '');
  const body = text(item.text) ?? text(item.msg);
  if (!from || !body) return null;
  return { kind: 'reply', from, text: body, at: moment(item.timestamp) ?? receivedAt };
};

const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A non-empty trimmed string (numbers too: some providers send ids and codes unquoted). */
const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

const validDate = (ms: number): Date | null => {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** Meta's timestamps: Unix seconds, as a string. */
const epochSeconds = (value: unknown): Date | null => {
  const raw = text(value);
  return raw && /^\d+$/.test(raw) ? validDate(Number(raw) * 1000) : null;
};

/**
 * Epoch milliseconds, epoch seconds or a date text. Below 10^11 a number is read as seconds: that is
 * March 1973 in milliseconds, a date no report carries.
 */
const moment = (value: unknown): Date | null => {
  const raw = text(value);
  if (!raw) return null;
  if (/^\d+$/.test(raw)) {
    const n = Number(raw);
    return validDate(n < 1e11 ? n * 1000 : n);
  }
  return validDate(Date.parse(raw));
};
