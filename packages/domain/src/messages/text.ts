/** A template's `{{variable}}` markers. */
const VARIABLE = /\{\{\s*([a-z_]+)\s*\}\}/g;

/** The variables a template uses, in the order they first appear (WhatsApp's parameters are by position). */
export const templateVariables = (body: string): string[] => {
  const seen: string[] = [];
  for (const match of body.matchAll(VARIABLE)) {
    const name = match[1] as string;
    if (!seen.includes(name)) seen.push(name);
  }
  return seen;
};

/** The variables of `body` that `allowed` does not offer. */
export const unknownTemplateVariables = (body: string, allowed: readonly string[]): string[] =>
  templateVariables(body).filter((name) => !allowed.includes(name));

/** `body` with each `{{variable}}` replaced by its value ('' when it has none). */
export const renderTemplate = (body: string, values: Readonly<Record<string, string>>): string =>
  body.replace(VARIABLE, (_, name: string) => values[name] ?? '');

/** The parameters a WhatsApp template is sent with: each variable's value, in order of appearance. */
export const templateParameters = (body: string, values: Readonly<Record<string, string>>): string[] =>
  templateVariables(body).map((name) => values[name] ?? '');

// The GSM 03.38 basic set and the characters its extension table sends as two.
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** How an SMS text is sent: its encoding, its length in that encoding's units, and how many parts it takes. */
export type SmsLength = { encoding: 'GSM-7' | 'UCS-2'; units: number; segments: number };

/**
 * An SMS's parts: GSM-7 takes 160 characters in one part, 153 per part beyond; any other character
 * (Hindi, ₹) sends the whole text as UCS-2: 70 in one part, 67 per part beyond.
 */
export const smsLength = (text: string): SmsLength => {
  const chars = [...text];
  const gsm = chars.every((char) => GSM_BASIC.includes(char) || GSM_EXTENDED.includes(char));
  if (gsm) {
    const units = chars.reduce((sum, char) => sum + (GSM_EXTENDED.includes(char) ? 2 : 1), 0);
    return {
      encoding: 'GSM-7',
      units,
      segments: units === 0 ? 0 : units <= 160 ? 1 : Math.ceil(units / 153),
    };
  }
  // UCS-2 counts UTF-16 code units: a character outside the BMP takes two.
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
};

/**
 * A loan code as a message shows it, where others may read the phone: its prefix and last four
 * digits ('LN000042' → 'LNXX0042').
 */
export const maskLoanCode = (code: string): string => {
  const digits = code.replace(/^[A-Z]+/, '');
  const prefix = code.slice(0, code.length - digits.length);
  if (digits.length <= 4) return code;
  return `${prefix}${'X'.repeat(digits.length - 4)}${digits.slice(-4)}`;
};

/** A mobile as a screen shows it beside a message: the last four digits only. */
export const maskMobile = (mobile: string): string =>
  mobile.length <= 4 ? mobile : `${'•'.repeat(mobile.length - 4)}${mobile.slice(-4)}`;

// A reply that asks for no more messages: the words operators and DLT rules recognise, and Hindi ones.
const OPT_OUT =
  /^\s*(stop(\s+all)?|unsubscribe|opt[\s-]?out|cancel|end|quit|रोकें|रोको|बंद(\s+करें)?)\s*[.!]?\s*$/iu;

/** Whether a borrower's reply is an opt-out (STOP, UNSUBSCRIBE, रोकें, ...). */
export const isOptOutReply = (text: string): boolean => OPT_OUT.test(text);
