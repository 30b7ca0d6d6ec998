import { z } from 'zod';
import { ZQuery, ZRequiredText } from './common';
import { ZSearch } from './primitives';

/** What a support message is about: the presets the apps offer. */
export const SUPPORT_SUBJECTS = [
  'Review & Ratings',
  'App Error',
  'Support/Complain',
  'Payment Issue',
  'Suggestions',
  'Account Access Issue',
] as const;
export type SupportSubject = (typeof SUPPORT_SUBJECTS)[number];

/** The subject whose messages carry a star rating (and the only one that may). */
export const REVIEW_SUBJECT: SupportSubject = 'Review & Ratings';

export const SUPPORT_CATEGORIES = ['general', 'technical', 'billing', 'loan', 'account', 'security'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

/** A message's life: any status may follow any other (an admin may reopen a resolved message). */
export const SUPPORT_STATUSES = ['Pending', 'In-Progress', 'Resolved'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_MESSAGE_MAX = 2000;
export const SUPPORT_PAGE_SIZE = 10;
export const SUPPORT_PAGE_MAX = 100;
/** The Support Messages screen: the search applies 400 ms after the last key; toasts 2 s (success), 4 s (error). */
export const SUPPORT_SEARCH_DEBOUNCE_MS = 400;
export const SUPPORT_TOAST_MS = { success: 2000, error: 4000 } as const;

export const supportMessages = {
  subject: `Subject must be one of: ${SUPPORT_SUBJECTS.join(', ')}`,
  category: `Category must be one of: ${SUPPORT_CATEGORIES.join(', ')}`,
  messageRequired: 'Message is required',
  rating: 'Rating must be a whole number from 1 to 5',
  ratingRequired: 'Please give a rating from 1 to 5',
  ratingOnlyForReviews: `Only a '${REVIEW_SUBJECT}' message takes a rating`,
  status: `Status must be one of: ${SUPPORT_STATUSES.join(', ')}`,
} as const;

/** POST /support: a rating (1 to 5) is required for a review and refused on any other subject. */
export const ZSupportMessageRequest = z
  .object({
    subject: z.enum(SUPPORT_SUBJECTS, { error: supportMessages.subject }),
    message: ZRequiredText(
      'message',
      supportMessages.messageRequired,
      SUPPORT_MESSAGE_MAX,
      `Message must be at most ${SUPPORT_MESSAGE_MAX} characters`,
    ),
    category: z.enum(SUPPORT_CATEGORIES, { error: supportMessages.category }),
    rating: z
      .number({ error: supportMessages.rating })
      .int(supportMessages.rating)
      .min(1, supportMessages.rating)
      .max(5, supportMessages.rating)
      .nullish(),
  })
  .superRefine((body, context) => {
    const isReview = body.subject === REVIEW_SUBJECT;
    const rated = body.rating !== undefined && body.rating !== null;
    if (isReview && !rated)
      context.addIssue({ code: 'custom', path: ['rating'], message: supportMessages.ratingRequired });
    if (!isReview && rated)
      context.addIssue({ code: 'custom', path: ['rating'], message: supportMessages.ratingOnlyForReviews });
  });
export type TSupportMessageRequest = z.input<typeof ZSupportMessageRequest>;
export type TSupportMessageInput = z.output<typeof ZSupportMessageRequest>;

/** A support message as the list answers it, with who wrote it (null once their account is gone). */
export const ZSupportMessage = z.object({
  id: z.number(),
  subject: z.string(),
  message: z.string(),
  category: z.string(),
  rating: z.number().nullable(),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: z.string(),
  user: z.object({ id: z.number(), name: z.string(), Role: z.object({ name: z.string() }) }).nullable(),
});
export type TSupportMessage = z.infer<typeof ZSupportMessage>;

const pageMessage = 'page must be a positive integer';
const pageSizeMessage = `pageSize must be between 1 and ${SUPPORT_PAGE_MAX}`;

/** GET /support: status filter and search (subject, message, category or the writer's name). */
export const ZSupportQuery = ZQuery({
  page: z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).default(1),
  pageSize: z.coerce
    .number({ error: pageSizeMessage })
    .int(pageSizeMessage)
    .min(1, pageSizeMessage)
    .max(SUPPORT_PAGE_MAX, pageSizeMessage)
    .default(SUPPORT_PAGE_SIZE),
  status: z.enum(SUPPORT_STATUSES, { error: supportMessages.status }).optional(),
  search: ZSearch,
});
export type TSupportQuery = z.infer<typeof ZSupportQuery>;

/** Messages per status: over the search (and the caller's scope), whatever the status filter. */
export const ZSupportCounts = z.object({
  Pending: z.number(),
  'In-Progress': z.number(),
  Resolved: z.number(),
});
export type TSupportCounts = z.infer<typeof ZSupportCounts>;

export const ZSupportPage = z.object({
  messages: z.array(ZSupportMessage),
  total: z.number(),
  totalPages: z.number(),
  page: z.number(),
  counts: ZSupportCounts,
});
export type TSupportPage = z.infer<typeof ZSupportPage>;

export const ZSupportStatusUpdate = z.object({
  status: z.enum(SUPPORT_STATUSES, { error: supportMessages.status }),
});
export type TSupportStatusUpdate = z.infer<typeof ZSupportStatusUpdate>;

export const ZSupportMessageResponse = z.object({ message: z.string(), data: ZSupportMessage });
