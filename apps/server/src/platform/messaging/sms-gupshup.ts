import { callProvider, indianMsisdn, isRecord, type ProviderAnswer, retryOnStatus } from './provider-http';
import type { MessageTransport, SendResult } from './types';

/** Gupshup Enterprise SMS's HTTP endpoint (one URL, the action named by `method`). */
export const GUPSHUP_SMS_API_URL = 'https://enterprise.smsgupshup.com/GatewayAPI/rest';

export type GupshupSmsSettings = {
  apiUrl: string;
  /** The numeric account id Gupshup gives. */
  userId: string;
  password: string;
  /** The DLT-registered sender header (6 letters), sent as `mask`. */
  senderHeader: string;
  /** The principal entity id registered on the DLT portal. */
  entityId: string;
  timeoutMs?: number;
};

const PROVIDER = 'Gupshup';

/**
 * SMS through Gupshup Enterprise. India's DLT rules make operators drop a commercial SMS that does
 * not name its registered header, entity and template, so all three go with every request, and a
 * message without a template id is refused here rather than paid for and dropped.
 */
export const createGupshupSmsTransport = (settings: GupshupSmsSettings): MessageTransport => {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  return {
    channel: 'sms',
    provider: 'gupshup',
    configured: true,
    send: async (message) => {
      if (!message.templateId) return { kind: 'rejected', reason: 'no DLT template id for this template' };
      const sendTo = indianMsisdn(message.to);
      if (sendTo === null) return { kind: 'rejected', reason: 'not a 10-digit Indian mobile number' };
      const form = new URLSearchParams({
        method: 'SendMessage',
        send_to: sendTo,
        msg: message.text,
        // Devanagari needs UCS-2: sent as TEXT, Hindi would arrive as question marks.
        msg_type: message.language === 'hi' || !isGsmText(message.text) ? 'Unicode_text' : 'TEXT',
        userid: settings.userId,
        password: settings.password,
        auth_scheme: 'plain',
        v: '1.1',
        format: 'json',
        mask: settings.senderHeader,
        principalEntityId: settings.entityId,
        dltTemplateId: message.templateId,
        // Gupshup documents msg_id as the client's own id (it comes back as the id's second half); the characters it allows could not be confirmed.
        msg_id: message.reference,
      });
      // POST, not GET: the password stays out of URLs and the access logs that keep them.
      const answer = await callProvider(
        PROVIDER,
        settings.apiUrl,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form.toString(),
        },
        timeoutMs,
      );
      if ('kind' in answer) return answer;
      return readGupshupAnswer(answer);
    },
  };
};

/** Characters of the GSM 03.38 default alphabet (and its extension table): anything else needs Unicode_text. */
const GSM_TEXT =
  /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;
const isGsmText = (text: string) => GSM_TEXT.test(text);

/** Gupshup's words for "too fast": its rate errors arrive as an error answer, not always as a 429. */
const RATE_LIMITED = /\brate\b|throttl|too many|\btps\b/i;

/**
 * Gupshup answers HTTP 200 for most refusals; what counts is the body. With format=json it is
 * `{"response":{"id","phone","details","status":"success"|"error"}}` (on an error `id` holds the
 * error code); the plain-text form `success | 91XXXXXXXXXX | id` / `error | code | message` is read
 * too, in case the account answers text whatever was asked.
 */
export const readGupshupAnswer = (answer: ProviderAnswer): SendResult => {
  const limited = retryOnStatus(PROVIDER, answer);
  if (limited) return limited;
  const outcome = gupshupOutcome(answer.body);
  if (outcome === null) {
    if (answer.status >= 400)
      return { kind: 'rejected', reason: `${PROVIDER} answered HTTP ${answer.status}` };
    // Unreadable yet 2xx: something in between (a proxy, a maintenance page) answered, not Gupshup.
    return { kind: 'retry', reason: `${PROVIDER} gave an answer that could not be read` };
  }
  if (outcome.status === 'success') return { kind: 'sent', providerMessageId: outcome.id || null };
  const reason = outcome.details
    ? `${outcome.details}${outcome.id ? ` (${outcome.id})` : ''}`
    : `${PROVIDER} refused the message${outcome.id ? ` (${outcome.id})` : ''}`;
  if (RATE_LIMITED.test(outcome.details)) return { kind: 'retry', reason };
  return { kind: 'rejected', reason };
};

type GupshupOutcome = { status: 'success' | 'error'; id: string; details: string };

const gupshupOutcome = (body: unknown): GupshupOutcome | null => {
  if (typeof body === 'string') return textOutcome(body);
  if (!isRecord(body)) return null;
  const response = Array.isArray(body.response) ? body.response[0] : body.response;
  if (!isRecord(response)) return null;
  const status = String(response.status ?? '').toLowerCase();
  if (status !== 'success' && status !== 'error') return null;
  return { status, id: stringOf(response.id), details: stringOf(response.details) };
};

const textOutcome = (text: string): GupshupOutcome | null => {
  const parts = text
    .trim()
    .split('|')
    .map((part) => part.trim());
  const status = parts[0]?.toLowerCase();
  if (parts.length < 3 || (status !== 'success' && status !== 'error')) return null;
  return status === 'success'
    ? { status, id: parts[2] ?? '', details: '' }
    : { status, id: parts[1] ?? '', details: parts.slice(2).join(' | ') };
};

const stringOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
