import {
  MESSAGE_EVENT_RULES,
  type TMessageChannel,
  type TMessageEvent,
  type TMessageLanguage,
} from './events';

/** One message's words: an e-mail's subject, and the body with its `{{variables}}`. */
export type MessageText = { subject: string | null; body: string };

type Texts = Record<TMessageLanguage, { subject: string; sms: string; long: string }>;

// SMS in English stays within GSM-7 ('Rs.' rather than '₹'), so a receipt is one part of 160.
const DEFAULTS: Record<TMessageEvent, Texts> = {
  payment_received: {
    en: {
      subject: 'Payment received: {{amount}} for loan {{loan}}',
      sms: 'Received Rs.{{amount}} for EMI {{emi_number}} of loan {{loan}} on {{paid_on}}. Receipt: {{receipt_link}} -{{lender}}',
      long: 'Dear {{name}}, we received {{amount}} for EMI {{emi_number}} of your loan {{loan}} on {{paid_on}}. Your receipt: {{receipt_link}}\n{{lender}}',
    },
    hi: {
      subject: 'भुगतान प्राप्त: ऋण {{loan}} के लिए {{amount}}',
      sms: 'ऋण {{loan}} की किस्त {{emi_number}} के लिए Rs.{{amount}} {{paid_on}} को प्राप्त हुए। रसीद: {{receipt_link}} -{{lender}}',
      long: 'प्रिय {{name}}, आपके ऋण {{loan}} की किस्त {{emi_number}} के लिए {{amount}} {{paid_on}} को प्राप्त हुए। आपकी रसीद: {{receipt_link}}\n{{lender}}',
    },
  },
  emi_due_tomorrow: {
    en: {
      subject: 'EMI of {{amount}} due tomorrow',
      sms: 'Your EMI of Rs.{{amount}} for loan {{loan}} is due on {{due_on}}. Pay by UPI: {{upi_link}} -{{lender}}',
      long: 'Dear {{name}}, your EMI of {{amount}} for loan {{loan}} is due tomorrow, {{due_on}}. Pay by UPI: {{upi_link}}\n{{lender}}',
    },
    hi: {
      subject: 'कल {{amount}} की किस्त देय है',
      sms: 'ऋण {{loan}} की Rs.{{amount}} की किस्त {{due_on}} को देय है। UPI से भुगतान: {{upi_link}} -{{lender}}',
      long: 'प्रिय {{name}}, आपके ऋण {{loan}} की {{amount}} की किस्त कल, {{due_on}} को देय है। UPI से भुगतान करें: {{upi_link}}\n{{lender}}',
    },
  },
  emi_overdue: {
    en: {
      subject: 'Payment overdue on loan {{loan}}',
      sms: 'Rs.{{amount}} on loan {{loan}} is {{days_overdue}} day(s) overdue. Please pay: {{upi_link}} -{{lender}}',
      long: 'Dear {{name}}, {{amount}} on your loan {{loan}} is {{days_overdue}} day(s) overdue. Please pay at the earliest: {{upi_link}}\n{{lender}}',
    },
    hi: {
      subject: 'ऋण {{loan}} का भुगतान बकाया',
      sms: 'ऋण {{loan}} पर Rs.{{amount}} {{days_overdue}} दिन से बकाया है। कृपया भुगतान करें: {{upi_link}} -{{lender}}',
      long: 'प्रिय {{name}}, आपके ऋण {{loan}} पर {{amount}} {{days_overdue}} दिन से बकाया है। कृपया शीघ्र भुगतान करें: {{upi_link}}\n{{lender}}',
    },
  },
  emi_bounced: {
    en: {
      subject: 'EMI {{emi_number}} bounced on loan {{loan}}',
      sms: 'EMI {{emi_number}} of Rs.{{amount}} on loan {{loan}} bounced. A charge of Rs.{{charge}} applies. -{{lender}}',
      long: 'Dear {{name}}, EMI {{emi_number}} of {{amount}} on your loan {{loan}} bounced. A charge of {{charge}} applies; please pay it with the EMI.\n{{lender}}',
    },
    hi: {
      subject: 'ऋण {{loan}} की किस्त {{emi_number}} बाउंस हुई',
      sms: 'ऋण {{loan}} की Rs.{{amount}} की किस्त {{emi_number}} बाउंस हुई। Rs.{{charge}} शुल्क लगेगा। -{{lender}}',
      long: 'प्रिय {{name}}, आपके ऋण {{loan}} की {{amount}} की किस्त {{emi_number}} बाउंस हुई। {{charge}} शुल्क लगेगा; कृपया किस्त के साथ चुकाएँ।\n{{lender}}',
    },
  },
  loan_approved: {
    en: {
      subject: 'Your loan {{loan}} is approved',
      sms: 'Loan {{loan}} of Rs.{{amount}} approved: {{emi_count}} daily EMIs of Rs.{{emi}} from {{first_due_on}}. -{{lender}}',
      long: 'Dear {{name}}, your loan {{loan}} of {{amount}} is approved. You repay {{emi_count}} daily EMIs of {{emi}}, the first on {{first_due_on}}.\n{{lender}}',
    },
    hi: {
      subject: 'आपका ऋण {{loan}} स्वीकृत हुआ',
      sms: 'Rs.{{amount}} का ऋण {{loan}} स्वीकृत: {{first_due_on}} से Rs.{{emi}} की {{emi_count}} दैनिक किस्तें। -{{lender}}',
      long: 'प्रिय {{name}}, आपका {{amount}} का ऋण {{loan}} स्वीकृत हुआ। आप {{emi}} की {{emi_count}} दैनिक किस्तें चुकाएँगे, पहली {{first_due_on}} को।\n{{lender}}',
    },
  },
  // The SMS carries the subject only: DLT registers fixed words, and a notification's text is free.
  notification_sent: {
    en: {
      subject: '{{subject}}',
      sms: 'New notification: {{subject}}. Open the app to read it. -{{lender}}',
      long: 'Dear {{name}},\n{{subject}}\n\n{{message}}\n{{lender}}',
    },
    hi: {
      subject: '{{subject}}',
      sms: 'नई सूचना: {{subject}}। पूरा संदेश ऐप में पढ़ें। -{{lender}}',
      long: 'प्रिय {{name}},\n{{subject}}\n\n{{message}}\n{{lender}}',
    },
  },
};

/** The product's own words for an event's message on a channel in a language (an admin may replace them). */
export const defaultMessageText = (
  event: TMessageEvent,
  channel: TMessageChannel,
  language: TMessageLanguage,
): MessageText => {
  const texts = DEFAULTS[event][language];
  if (channel === 'sms') return { subject: null, body: texts.sms };
  return { subject: channel === 'email' ? texts.subject : null, body: texts.long };
};

/** Sample values for a template's preview: what a real message would carry. */
export const MESSAGE_PREVIEW_VALUES: Readonly<Record<string, string>> = {
  name: 'Sunita Devi',
  amount: '500.00',
  emi_number: '12',
  loan: 'LNXX0042',
  paid_on: '30-11-2026',
  due_on: '01-12-2026',
  first_due_on: '01-12-2026',
  days_overdue: '7',
  charge: '100.00',
  emi: '500.00',
  emi_count: '100',
  receipt_link: 'https://lender.example/api/r/Ab3dE5gH7jK9mN1p',
  upi_link: 'upi://pay?pa=lender@upi&am=500.00',
  lender: 'Daily Finance',
  subject: 'Office closed on Friday',
  message: 'The office stays closed on Friday for the festival; collections go on as usual.',
};

/** The variables an event's templates may use. */
export const messageVariablesOf = (event: TMessageEvent): readonly string[] =>
  MESSAGE_EVENT_RULES[event].variables;
