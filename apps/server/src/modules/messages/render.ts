import {
  formatDdMmYyyy,
  maskLoanCode,
  renderTemplate,
  rupeesText,
  type TMessageEvent,
  templateParameters,
  upiPayLink,
} from '@lending/domain';
import type { AppDeps } from '../../platform/deps';
import type { EffectiveTemplate } from './templates';

/** How long a receipt link in a message opens the receipt. */
export const RECEIPT_LINK_DAYS = 30;

/** The facts an event wrote with its message (`messages.variables`). */
export type MessageFacts = Record<string, string | number | null | undefined>;

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const rupees = (paise: string | number | null | undefined) =>
  paise === null || paise === undefined || paise === '' ? '' : rupeesText(Number(paise));
const day = (value: string | number | null | undefined) =>
  typeof value === 'string' && value ? formatDdMmYyyy(value) : '';

/** The short link to a payment's receipt PDF, signed to open it for a month without signing in. */
export const receiptLinkOf = (
  deps: Pick<AppDeps, 'publicUrl' | 'signer'>,
  paymentId: number,
  nowMs: number,
): string =>
  `${deps.publicUrl.replace(/\/$/, '')}/api/r/${deps.signer.shortToken(`receipt:${paymentId}`, paymentId, nowMs, RECEIPT_LINK_DAYS * 86_400)}`;

/**
 * The values a template's variables take for one message: money as rupees with paise, days as
 * DD/MM/YYYY, the loan code masked (a phone's messages are read by others), the lender's name, and
 * the links made now: a receipt link that expires, the UPI link for the amount.
 */
export const messageValues = (
  deps: Pick<AppDeps, 'publicUrl' | 'signer' | 'lenderName' | 'upi'>,
  facts: MessageFacts,
  nowMs: number,
): Record<string, string> => {
  const loanCode = text(facts.loan_code);
  const amountPaise = Number(facts.amount_paise ?? 0);
  const upi =
    deps.upi && loanCode && amountPaise > 0
      ? upiPayLink({
          vpa: deps.upi.vpa,
          payeeName: deps.upi.payeeName,
          amountPaise,
          reference: loanCode,
          note: `EMI ${loanCode}`,
        })
      : '';
  return {
    name: text(facts.name),
    amount: rupees(facts.amount_paise),
    emi_number: text(facts.emi_number),
    loan: loanCode ? maskLoanCode(loanCode) : '',
    paid_on: day(facts.paid_on),
    due_on: day(facts.due_on),
    first_due_on: day(facts.first_due_on),
    days_overdue: text(facts.days_overdue),
    charge: rupees(facts.charge_paise),
    emi: rupees(facts.emi_paise),
    emi_count: text(facts.emi_count),
    receipt_link: facts.payment_id ? receiptLinkOf(deps, Number(facts.payment_id), nowMs) : '',
    upi_link: upi,
    lender: deps.lenderName,
    subject: text(facts.subject),
    message: text(facts.message),
  };
};

/** A message's words for sending: subject, text and (WhatsApp) its template's parameters. */
export const renderMessage = (
  template: EffectiveTemplate,
  values: Record<string, string>,
): { subject: string | null; text: string; parameters: string[] } => ({
  subject: template.subject === null ? null : renderTemplate(template.subject, values),
  text: renderTemplate(template.body, values),
  parameters: templateParameters(template.body, values),
});

export type { TMessageEvent };
