import type {
  TMessageListResponse,
  TMessageStatusCounts,
  TMessageTemplateView,
  TMessageView,
} from '@lending/domain';

/** A receipt SMS to Sunita Devi for loan LN0001, delivered on 2026-11-21 at 11:00 IST. */
export const makeMessage = (id: number, overrides: Partial<TMessageView> = {}): TMessageView => ({
  id,
  event: 'payment_received',
  channel: 'sms',
  language: 'en',
  recipient: '••••••3210',
  status: 'delivered',
  body: 'Received Rs.500.00 for EMI 12 of loan LNXX0001 on 21/11/2026. Receipt: https://lender.example/api/r/x -Daily Finance',
  attempts: 1,
  last_error: null,
  provider_message_id: `prov-${id}`,
  borrower_id: 41,
  borrower_name: 'Sunita Devi',
  loan_id: 1,
  loan_code: 'LN0001',
  created_at: '2026-11-21T05:30:00.000Z',
  due_at: null,
  sent_at: '2026-11-21T05:30:02.000Z',
  delivered_at: '2026-11-21T05:30:09.000Z',
  ...overrides,
});

export const makeMessageCounts = (overrides: Partial<TMessageStatusCounts> = {}): TMessageStatusCounts => ({
  queued: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  cancelled: 0,
  ...overrides,
});

/** One page of GET /messages: the counts on the first page only (`counts: null` after). */
export const makeMessagePage = (
  messages: TMessageView[],
  nextBefore: number | null = null,
  counts: TMessageStatusCounts | null = makeMessageCounts({ delivered: messages.length }),
): TMessageListResponse => ({ messages, next_before: nextBefore, counts });

/** A template as GET /message-templates answers it: the product's words unless told otherwise. */
export const makeTemplate = (overrides: Partial<TMessageTemplateView> = {}): TMessageTemplateView => ({
  event: 'emi_due_tomorrow',
  channel: 'sms',
  language: 'en',
  subject: null,
  body: 'Your EMI of Rs.{{amount}} for loan {{loan}} is due on {{due_on}}. Pay by UPI: {{upi_link}} -{{lender}}',
  provider_template_id: null,
  variables: ['name', 'amount', 'due_on', 'loan', 'upi_link', 'lender'],
  customised: false,
  updated_at: null,
  ...overrides,
});
