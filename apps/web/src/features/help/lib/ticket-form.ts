import { EMAIL_PATTERN, SUPPORT_CATEGORIES, SUPPORT_SUBJECTS } from '@lending/domain';
import { z } from 'zod';

export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
/** The help desk's categories and subject presets are the support messages' own (one list each). */
export const TICKET_CATEGORIES = SUPPORT_CATEGORIES;
/** Subjects offered to pick from; any other subject may be typed. */
export const TICKET_SUBJECT_PRESETS = SUPPORT_SUBJECTS;

export const HELP_TABS = [
  'Help Center',
  'Contact Support',
  'Documentation',
  'Community',
  'System Status',
] as const;

export const ticketMessages = {
  submitted: "Support ticket submitted successfully! We'll get back to you within 24 hours.",
  failed: 'Failed to submit ticket. Please try again.',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
} as const;

const required = (message: string) => z.string().trim().min(1, message);

/** The support ticket form (kept on this device only): name, e-mail, subject and message required. */
export const ZSupportTicketForm = z.object({
  name: required(ticketMessages.nameRequired).max(100),
  email: required(ticketMessages.emailRequired).max(254).regex(EMAIL_PATTERN, ticketMessages.emailInvalid),
  subject: required(ticketMessages.subjectRequired).max(200),
  message: required(ticketMessages.messageRequired).max(5000),
  priority: z.enum(TICKET_PRIORITIES),
  category: z.enum(TICKET_CATEGORIES),
});
export type TSupportTicketForm = z.input<typeof ZSupportTicketForm>;
