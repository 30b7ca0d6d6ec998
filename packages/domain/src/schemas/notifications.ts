import { z } from 'zod';
import { ZDbId, ZQuery } from './common';
import { ZText } from './primitives';

/** The send form's one refusal, shown when a field is blank or nobody is picked. */
export const SEND_NOTIFICATION_REQUIRED = 'Please fill all fields and select at least one user.';

export const NOTIFICATION_SUBJECT_MAX = 200;
export const NOTIFICATION_DESCRIPTION_MAX = 2000;
export const IMAGE_URL_MAX = 2048;
/**
 * Recipients of one send. The form picks from the users list, which answers at most 1000 a page, and
 * one send is one transaction: a bound keeps it short and the body small.
 */
export const NOTIFICATION_RECIPIENTS_MAX = 1000;
/** The inbox's page (and the largest page a client may ask for). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;

export const IMAGE_URL_SCHEME_MESSAGE = 'Image URL must be an http:// or https:// address';

// A scheme of http or https, a host, then anything but white space.
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/i;

/**
 * Only web addresses: the inbox puts the URL in an <img src>, so `javascript:`, `data:`, `file:` and
 * the like are refused rather than escaped. The text is already free of control characters and
 * trimmed, so a browser reads the same scheme as this test does.
 */
export const isHttpUrl = (text: string): boolean => HTTP_URL.test(text);

/** An optional image address: blank means none (null). */
export const ZImageUrl = ZText('image_url')
  .trim()
  .max(IMAGE_URL_MAX, `Image URL must be at most ${IMAGE_URL_MAX} characters`)
  .refine((url) => url === '' || isHttpUrl(url), IMAGE_URL_SCHEME_MESSAGE)
  .nullish()
  .transform((url) => (url ? url : null));

const requiredText = (label: string, max: number, tooLong: string) =>
  ZText(label, { error: SEND_NOTIFICATION_REQUIRED })
    .trim()
    .min(1, SEND_NOTIFICATION_REQUIRED)
    .max(max, tooLong);

/** POST /users/notifications/send: one inbox entry per distinct recipient. */
export const ZSendNotificationRequest = z.object({
  user_ids: z
    .array(ZDbId('Invalid user id'), { error: SEND_NOTIFICATION_REQUIRED })
    .min(1, SEND_NOTIFICATION_REQUIRED)
    .max(NOTIFICATION_RECIPIENTS_MAX, `At most ${NOTIFICATION_RECIPIENTS_MAX} users per notification`)
    .transform((ids) => [...new Set(ids)]),
  subject: requiredText(
    'subject',
    NOTIFICATION_SUBJECT_MAX,
    `Subject must be at most ${NOTIFICATION_SUBJECT_MAX} characters`,
  ),
  description: requiredText(
    'description',
    NOTIFICATION_DESCRIPTION_MAX,
    `Description must be at most ${NOTIFICATION_DESCRIPTION_MAX} characters`,
  ),
  image_url: ZImageUrl,
});
export type TSendNotificationRequest = z.input<typeof ZSendNotificationRequest>;
export type TSendNotification = z.output<typeof ZSendNotificationRequest>;

export const ZSendNotificationResponse = z.object({ message: z.string(), sent: z.number() });
export type TSendNotificationResponse = z.infer<typeof ZSendNotificationResponse>;

/** One inbox entry as its recipient reads it. */
export const ZNotification = z.object({
  id: z.number(),
  subject: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  sent_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

const pageMessage = 'page must be a positive integer';
const limitMessage = `limit must be between 1 and ${NOTIFICATIONS_PAGE_MAX}`;

/** GET /users/notifications */
export const ZNotificationsQuery = ZQuery({
  page: z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).default(1),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(NOTIFICATIONS_PAGE_MAX, limitMessage)
    .default(NOTIFICATIONS_PAGE_SIZE),
});
export type TNotificationsQuery = z.infer<typeof ZNotificationsQuery>;

export const ZNotificationsPage = z.object({
  notifications: z.array(ZNotification),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
});
export type TNotificationsPage = z.infer<typeof ZNotificationsPage>;
