import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_EVENT_RULES,
  type SmsLength,
  type TMessageChannel,
  type TMessageEvent,
  type TMessageLanguage,
  type TMessageStatus,
} from '@lending/domain';
import { inIst } from '../../../lib/dayjs';

export const MESSAGE_STATUS_COLORS: Record<TMessageStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'teal',
  delivered: 'green',
  failed: 'red',
  cancelled: 'orange',
};

/** A moment of the outbox in Asia/Kolkata, 'DD-MM-YYYY HH:mm'; '-' when there is none. */
export const messageTime = (iso: string | null): string =>
  iso === null ? '-' : inIst(iso).format('DD-MM-YYYY HH:mm');

export const eventLabel = (event: TMessageEvent): string => MESSAGE_EVENT_RULES[event].label;
export const channelLabel = (channel: TMessageChannel): string => MESSAGE_CHANNEL_LABELS[channel];

/** The languages' names as a borrower picks them: Hindi in its own script. */
export const LANGUAGE_CHOICES: Record<TMessageLanguage, string> = { en: 'English', hi: 'हिन्दी' };

const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * How an SMS goes out: '1 SMS part, GSM-7' or '2 SMS parts, UCS-2 (Hindi)'. UCS-2 is also what one
 * ₹ or other symbol outside GSM-7 costs an English text, which the label says, since that surprises.
 */
export const smsPartsLabel = (sms: SmsLength, text: string): string => {
  const parts = `${sms.segments} SMS ${sms.segments === 1 ? 'part' : 'parts'}`;
  if (sms.encoding === 'GSM-7') return `${parts}, GSM-7`;
  return `${parts}, UCS-2 (${DEVANAGARI.test(text) ? 'Hindi' : 'a character outside GSM-7, such as ₹'})`;
};

/** The limits an SMS's length is counted against: one part, then each part of a longer one. */
export const smsLimits = (sms: SmsLength): string =>
  sms.encoding === 'GSM-7' ? '160 in one part, 153 per part beyond' : '70 in one part, 67 per part beyond';
