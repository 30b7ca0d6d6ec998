/** The ways a message reaches a borrower. */
export const MESSAGE_CHANNELS = ['sms', 'whatsapp', 'email'] as const;
export type TMessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** The languages a message is written in; a borrower's own is kept on their account. */
export const MESSAGE_LANGUAGES = ['en', 'hi'] as const;
export type TMessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/**
 * The events that write a message: to a borrower about their loan, or (`notification_sent`) to any
 * account an admin sent an in-app notification, so that it reaches them off the app too.
 */
export const MESSAGE_EVENTS = [
  'payment_received',
  'emi_due_tomorrow',
  'emi_overdue',
  'emi_bounced',
  'loan_approved',
  'notification_sent',
] as const;
export type TMessageEvent = (typeof MESSAGE_EVENTS)[number];

/**
 * A message's life: `queued` (waiting for its time or its turn), `sending` (a deliverer holds it),
 * `sent` (the provider took it), `delivered` (the provider says the phone or inbox has it),
 * `failed` (refused for good, or out of attempts: an admin may retry it), `cancelled` (the borrower
 * opted out before it left).
 */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled'] as const;
export type TMessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_CHANNEL_LABELS: Record<TMessageChannel, string> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
};

export const MESSAGE_LANGUAGE_LABELS: Record<TMessageLanguage, string> = {
  en: 'English',
  hi: 'हिन्दी (Hindi)',
};

export const MESSAGE_STATUS_LABELS: Record<TMessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * When an event's message may leave: a receipt at once (the borrower just paid); reminders and
 * notices only inside the day window, as RBI's recovery conduct rules ask.
 */
export type TMessageTiming = 'at_once' | 'day_window';

/** What each event is, when it may be sent and the variables its templates may use. */
export const MESSAGE_EVENT_RULES: Record<
  TMessageEvent,
  { label: string; timing: TMessageTiming; variables: readonly string[] }
> = {
  payment_received: {
    label: 'Payment received (receipt)',
    timing: 'at_once',
    variables: ['name', 'amount', 'emi_number', 'loan', 'paid_on', 'receipt_link', 'lender'],
  },
  emi_due_tomorrow: {
    label: 'EMI due tomorrow (reminder)',
    timing: 'day_window',
    variables: ['name', 'amount', 'due_on', 'loan', 'upi_link', 'lender'],
  },
  emi_overdue: {
    label: 'EMI overdue (notice)',
    timing: 'day_window',
    variables: ['name', 'amount', 'days_overdue', 'loan', 'upi_link', 'lender'],
  },
  emi_bounced: {
    label: 'EMI bounced (notice)',
    timing: 'day_window',
    variables: ['name', 'amount', 'emi_number', 'charge', 'loan', 'lender'],
  },
  loan_approved: {
    label: 'Loan approved (welcome)',
    timing: 'day_window',
    variables: ['name', 'amount', 'emi', 'emi_count', 'first_due_on', 'loan', 'lender'],
  },
  notification_sent: {
    label: 'Notification from the office',
    timing: 'day_window',
    variables: ['name', 'subject', 'message', 'lender'],
  },
};

/** Days past due on which the day-end close writes an overdue notice (once per loan and threshold). */
export const OVERDUE_NOTICE_DAYS = [1, 7, 30] as const;

/** The outbox's key of one event's message to one recipient: written once, however often the event replays. */
export const messageEventKey = (event: TMessageEvent, subject: string | number): string =>
  `${event}:${subject}`;
