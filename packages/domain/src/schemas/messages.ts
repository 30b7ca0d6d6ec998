import { z } from 'zod';
import { MESSAGE_CHANNELS, MESSAGE_EVENTS, MESSAGE_LANGUAGES, MESSAGE_STATUSES } from '../messages/events';
import { ZDbId, ZQuery, ZQueryInteger } from './common';
import { ZCalendarDate, ZSearch, ZText } from './primitives';

export const MESSAGE_PAGE_DEFAULT = 50;
export const MESSAGE_PAGE_MAX = 200;
export const TEMPLATE_BODY_MAX = 1000;
export const TEMPLATE_SUBJECT_MAX = 150;
export const PROVIDER_TEMPLATE_ID_MAX = 64;

/** The words the message screens and the server share. */
export const messageMessages = {
  retried: 'Message queued to be sent again',
  templateSaved: 'Template saved',
  templateReset: "Template reset to the product's words",
  preferencesSaved: 'Message preferences saved',
  bodyRequired: 'Message text is required',
  range: 'From must be on or before To',
} as const;

/** One message of the outbox, as the log and a loan's Messages tab show it. */
export const ZMessageView = z.object({
  id: z.number(),
  event: z.enum(MESSAGE_EVENTS),
  channel: z.enum(MESSAGE_CHANNELS),
  language: z.enum(MESSAGE_LANGUAGES),
  /** The mobile with only its last four digits, or the e-mail address masked. */
  recipient: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  /** The text as it was sent; null until it is rendered for sending. */
  body: z.string().nullable(),
  attempts: z.number(),
  /** The provider's reason of the last failure, or why it was cancelled. */
  last_error: z.string().nullable(),
  provider_message_id: z.string().nullable(),
  borrower_id: z.number(),
  borrower_name: z.string(),
  loan_id: z.number().nullable(),
  loan_code: z.string().nullable(),
  created_at: z.string(),
  /** When it is (next) due to be tried: a reminder written at 21:00 waits for 08:00. */
  due_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type TMessageView = z.infer<typeof ZMessageView>;

/** GET /messages: the log's filters, and one page (`limit` rows older than `before`, an id). */
export const ZMessageListQuery = ZQuery({
  channel: z
    .enum(MESSAGE_CHANNELS, { error: `channel must be one of ${MESSAGE_CHANNELS.join(', ')}` })
    .optional(),
  status: z
    .enum(MESSAGE_STATUSES, { error: `status must be one of ${MESSAGE_STATUSES.join(', ')}` })
    .optional(),
  event: z.enum(MESSAGE_EVENTS, { error: `event must be one of ${MESSAGE_EVENTS.join(', ')}` }).optional(),
  /** The borrower's name or mobile. */
  search: ZSearch,
  loan_id: ZDbId('Invalid loan id').optional(),
  /** Days the message was written on (Asia/Kolkata), inclusive. */
  from: ZCalendarDate().optional(),
  to: ZCalendarDate().optional(),
  before: ZDbId('Invalid cursor').optional(),
  limit: ZQueryInteger('limit', 1, MESSAGE_PAGE_MAX, MESSAGE_PAGE_DEFAULT),
}).refine((query) => !query.from || !query.to || query.from <= query.to, {
  path: ['to'],
  message: messageMessages.range,
});
export type TMessageListQuery = z.infer<typeof ZMessageListQuery>;

/** Messages of the whole filter per status (never a page's): the log's cards. */
export const ZMessageStatusCounts = z.object(
  Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, z.number()])) as Record<
    (typeof MESSAGE_STATUSES)[number],
    z.ZodNumber
  >,
);
export type TMessageStatusCounts = z.infer<typeof ZMessageStatusCounts>;

/** GET /messages: newest first; `counts` over the whole filter on the first page only (null after). */
export const ZMessageListResponse = z.object({
  messages: z.array(ZMessageView),
  next_before: z.number().nullable(),
  counts: ZMessageStatusCounts.nullable(),
});
export type TMessageListResponse = z.infer<typeof ZMessageListResponse>;

export const ZMessageRetryResponse = z.object({ message: z.string(), item: ZMessageView });

/** A channel as System Status shows it: whether a provider is set, its last success, failures lately. */
export const ZMessageChannelStatus = z.object({
  channel: z.enum(MESSAGE_CHANNELS),
  provider: z.string(),
  configured: z.boolean(),
  rate_per_second: z.number(),
  last_success_at: z.string().nullable(),
  failures_last_hour: z.number(),
  queued: z.number(),
});
export const ZMessageChannelsResponse = z.object({ channels: z.array(ZMessageChannelStatus) });
export type TMessageChannelsResponse = z.infer<typeof ZMessageChannelsResponse>;

/** One template: an event's words on a channel in a language, the admin's or the product's own. */
export const ZMessageTemplateView = z.object({
  event: z.enum(MESSAGE_EVENTS),
  channel: z.enum(MESSAGE_CHANNELS),
  language: z.enum(MESSAGE_LANGUAGES),
  subject: z.string().nullable(),
  body: z.string(),
  /** SMS: the DLT template id registered for these words; WhatsApp: the approved template's name. */
  provider_template_id: z.string().nullable(),
  /** The variables this event offers. */
  variables: z.array(z.string()),
  customised: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TMessageTemplateView = z.infer<typeof ZMessageTemplateView>;
export const ZMessageTemplatesResponse = z.object({ templates: z.array(ZMessageTemplateView) });
export type TMessageTemplatesResponse = z.infer<typeof ZMessageTemplatesResponse>;

/** `{event}/{channel}/{language}` in a template's path. */
export const ZMessageTemplateParams = z.object({
  event: z.enum(MESSAGE_EVENTS, { error: 'Unknown event' }),
  channel: z.enum(MESSAGE_CHANNELS, { error: 'Unknown channel' }),
  language: z.enum(MESSAGE_LANGUAGES, { error: 'Unknown language' }),
});
export type TMessageTemplateParams = z.infer<typeof ZMessageTemplateParams>;

const ZTemplateBody = ZText('body', { error: messageMessages.bodyRequired })
  .trim()
  .min(1, messageMessages.bodyRequired)
  .max(TEMPLATE_BODY_MAX, `Message text must be at most ${TEMPLATE_BODY_MAX} characters`);

/** PUT /message-templates/{event}/{channel}/{language}: an admin's words. */
export const ZMessageTemplateRequest = z.object({
  subject: ZText('subject')
    .trim()
    .max(TEMPLATE_SUBJECT_MAX, `Subject must be at most ${TEMPLATE_SUBJECT_MAX} characters`)
    .nullish(),
  body: ZTemplateBody,
  provider_template_id: ZText('provider_template_id')
    .trim()
    .max(PROVIDER_TEMPLATE_ID_MAX, `Template id must be at most ${PROVIDER_TEMPLATE_ID_MAX} characters`)
    .regex(/^[A-Za-z0-9_.-]*$/, 'Template id may hold letters, digits, dot, dash and underscore only')
    .nullish(),
});
export type TMessageTemplateRequest = z.infer<typeof ZMessageTemplateRequest>;

/** POST /message-templates/preview: words to try before saving them. */
export const ZMessageTemplatePreviewRequest = ZMessageTemplateParams.extend({
  subject: ZMessageTemplateRequest.shape.subject,
  body: ZTemplateBody,
});
export type TMessageTemplatePreviewRequest = z.infer<typeof ZMessageTemplatePreviewRequest>;

/** The words with sample values, an SMS's parts, and variables the event does not offer. */
export const ZMessageTemplatePreview = z.object({
  subject: z.string().nullable(),
  text: z.string(),
  sms: z.object({ encoding: z.enum(['GSM-7', 'UCS-2']), units: z.number(), segments: z.number() }).nullable(),
  unknown_variables: z.array(z.string()),
});
export type TMessageTemplatePreview = z.infer<typeof ZMessageTemplatePreview>;

/** A borrower's message preferences: channels agreed to, language, and a standing opt-out. */
export const ZMessagePreferences = z.object({
  channels: z.array(z.enum(MESSAGE_CHANNELS)),
  language: z.enum(MESSAGE_LANGUAGES),
  opted_out: z.boolean(),
});
export type TMessagePreferences = z.infer<typeof ZMessagePreferences>;

/** PUT /users/profile/me/messages: the borrower's own choice (opting out cancels what waits to be sent). */
export const ZMessagePreferencesRequest = z.object({
  channels: z
    .array(z.enum(MESSAGE_CHANNELS, { error: 'Unknown channel' }))
    .max(MESSAGE_CHANNELS.length)
    .transform((channels) => [...new Set(channels)]),
  language: z.enum(MESSAGE_LANGUAGES, { error: 'Unknown language' }),
  opted_out: z.boolean(),
});
export type TMessagePreferencesRequest = z.infer<typeof ZMessagePreferencesRequest>;

/** GET /loans/{id}/upi: the loan's UPI payment link for what is due now; null when no UPI id is set. */
export const ZLoanUpiResponse = z.object({
  upi: z
    .object({
      link: z.string(),
      amount_paise: z.number(),
      vpa: z.string(),
      payee_name: z.string(),
      reference: z.string(),
    })
    .nullable(),
});
export type TLoanUpiResponse = z.infer<typeof ZLoanUpiResponse>;
