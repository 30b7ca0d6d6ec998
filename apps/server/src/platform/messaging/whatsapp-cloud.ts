import {
  callProvider,
  indianMsisdn,
  isRecord,
  type ProviderAnswer,
  retryAfterMs,
  retryOnStatus,
} from './provider-http';
import type { MessageTransport, SendResult } from './types';

export const WHATSAPP_CLOUD_API_URL = 'https://graph.facebook.com/v21.0';

export type WhatsAppCloudSettings = {
  /** The Graph API's base with its version; defaults to WHATSAPP_CLOUD_API_URL. */
  apiUrl?: string;
  phoneNumberId: string;
  /** A system user's access token with whatsapp_business_messaging. */
  token: string;
  timeoutMs?: number;
};

const PROVIDER = 'WhatsApp';

/**
 * Meta's error codes that mean "later", not "never": 4 (app request limit), 80007 (account rate
 * limit), 130429 (throughput), 131048 (spam rate limit), 131056 (too many to one number).
 */
const RETRY_CODES = new Set([4, 80007, 130429, 131048, 131056]);

/**
 * WhatsApp Cloud API template messages. A business may only open a conversation with an approved
 * template, so the template's name and its body parameters are what is sent, never free text; a
 * message whose template has no approved name is refused before it costs a request.
 */
export const createWhatsAppCloudTransport = (settings: WhatsAppCloudSettings): MessageTransport => {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const base = (settings.apiUrl ?? WHATSAPP_CLOUD_API_URL).replace(/\/+$/, '');
  const url = `${base}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    channel: 'whatsapp',
    provider: 'whatsapp-cloud',
    configured: true,
    send: async (message) => {
      if (!message.templateId) {
        return { kind: 'rejected', reason: 'no approved WhatsApp template name for this template' };
      }
      const to = indianMsisdn(message.to);
      if (to === null) return { kind: 'rejected', reason: 'not a 10-digit Indian mobile number' };
      const body = {
        messaging_product: 'whatsapp',
        to,
        type: 'template',
        template: {
          name: message.templateId,
          language: { code: message.language },
          components: [
            { type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) },
          ],
        },
        // Comes back on every status of this message, so a callback can be matched without our table.
        biz_opaque_callback_data: message.reference,
      };
      const answer = await callProvider(
        PROVIDER,
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.token}` },
          body: JSON.stringify(body),
        },
        timeoutMs,
      );
      if ('kind' in answer) return answer;
      return readWhatsAppAnswer(answer);
    },
  };
};

export const readWhatsAppAnswer = (answer: ProviderAnswer): SendResult => {
  const body = isRecord(answer.body) ? answer.body : {};
  const error = isRecord(body.error) ? body.error : null;
  const code = error && typeof error.code === 'number' ? error.code : null;
  if (error && code !== null && RETRY_CODES.has(code)) {
    const after = retryAfterMs(answer.retryAfter);
    return {
      kind: 'retry',
      reason: `${messageOf(error)} (${code})`,
      ...(after === undefined ? {} : { retryAfterMs: after }),
    };
  }
  const limited = retryOnStatus(PROVIDER, answer);
  if (limited) return limited;
  if (answer.status >= 200 && answer.status < 300 && !error) {
    const first = Array.isArray(body.messages) ? body.messages[0] : undefined;
    const id = isRecord(first) && typeof first.id === 'string' ? first.id : null;
    return { kind: 'sent', providerMessageId: id };
  }
  if (error) return { kind: 'rejected', reason: `${messageOf(error)}${code === null ? '' : ` (${code})`}` };
  return { kind: 'rejected', reason: `${PROVIDER} answered HTTP ${answer.status}` };
};

const messageOf = (error: Record<string, unknown>): string =>
  typeof error.message === 'string' && error.message.trim() !== ''
    ? error.message
    : 'WhatsApp refused the message';
