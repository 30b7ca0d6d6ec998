import { describe, expect, it } from 'vitest';
import { MESSAGE_CHANNELS, MESSAGE_EVENT_RULES, MESSAGE_EVENTS, MESSAGE_LANGUAGES } from './events';
import { defaultMessageText, MESSAGE_PREVIEW_VALUES } from './templates';
import {
  isOptOutReply,
  maskLoanCode,
  maskMobile,
  renderTemplate,
  smsLength,
  templateParameters,
  templateVariables,
  unknownTemplateVariables,
} from './text';
import { isUpiVpa, upiPayLink } from './upi';
import { earliestSendAt, maySendAt, messageRetryDelayMs, nextInDayWindow } from './window';

// 30 Nov 2026 in Asia/Kolkata (UTC+05:30).
const ist = (time: string, day = '2026-11-30') => new Date(`${day}T${time}:00+05:30`);

describe('the day window for reminders and notices', () => {
  it('holds a message written before 08:00 until 08:00 the same day', () => {
    expect(nextInDayWindow(ist('06:15'))).toEqual(ist('08:00'));
  });
  it('lets a message written inside the window go at once', () => {
    expect(nextInDayWindow(ist('08:00'))).toEqual(ist('08:00'));
    expect(nextInDayWindow(ist('18:59'))).toEqual(ist('18:59'));
  });
  it('holds a message written at or after 19:00 until 08:00 the next day', () => {
    expect(nextInDayWindow(ist('19:00'))).toEqual(ist('08:00', '2026-12-01'));
    expect(nextInDayWindow(ist('21:00'))).toEqual(ist('08:00', '2026-12-01'));
    expect(nextInDayWindow(ist('23:59', '2026-12-31'))).toEqual(ist('08:00', '2027-01-01'));
  });
  it('sends a receipt at once, even at night, and holds a reminder', () => {
    expect(earliestSendAt('payment_received', ist('21:00'))).toEqual(ist('21:00'));
    expect(earliestSendAt('emi_due_tomorrow', ist('21:00'))).toEqual(ist('08:00', '2026-12-01'));
    expect(maySendAt('emi_overdue', ist('21:00'))).toBe(false);
    expect(maySendAt('emi_overdue', ist('10:00'))).toBe(true);
  });
  it('backs off from 30 s doubling to an hour, or the provider’s longer Retry-After', () => {
    expect([1, 2, 3, 8, 20].map((attempt) => messageRetryDelayMs(attempt))).toEqual([
      30_000, 60_000, 120_000, 3_600_000, 3_600_000,
    ]);
    expect(messageRetryDelayMs(1, 90_000)).toBe(90_000);
    expect(messageRetryDelayMs(2, 1_000)).toBe(60_000);
  });
});

describe('template text', () => {
  it('lists variables in order of first appearance and renders them', () => {
    const body = 'Hi {{name}}, Rs.{{ amount }} for {{loan}}; {{name}} again';
    expect(templateVariables(body)).toEqual(['name', 'amount', 'loan']);
    expect(renderTemplate(body, { name: 'Asha', amount: '50.00', loan: 'LNXX0042' })).toBe(
      'Hi Asha, Rs.50.00 for LNXX0042; Asha again',
    );
    expect(templateParameters(body, { name: 'Asha', amount: '50.00' })).toEqual(['Asha', '50.00', '']);
  });
  it('names the variables an event does not offer', () => {
    expect(
      unknownTemplateVariables('{{name}} {{password}}', MESSAGE_EVENT_RULES.payment_received.variables),
    ).toEqual(['password']);
  });
  it('uses only offered variables in every default text', () => {
    for (const event of MESSAGE_EVENTS)
      for (const channel of MESSAGE_CHANNELS)
        for (const language of MESSAGE_LANGUAGES) {
          const { subject, body } = defaultMessageText(event, channel, language);
          const allowed = MESSAGE_EVENT_RULES[event].variables;
          expect(
            unknownTemplateVariables(`${subject ?? ''} ${body}`, allowed),
            `${event}/${channel}/${language}`,
          ).toEqual([]);
          expect(subject === null).toBe(channel !== 'email');
        }
  });
  it('keeps every English SMS within GSM-7, and a receipt within one part with sample values', () => {
    for (const event of MESSAGE_EVENTS) {
      const text = renderTemplate(defaultMessageText(event, 'sms', 'en').body, MESSAGE_PREVIEW_VALUES);
      expect(smsLength(text).encoding, event).toBe('GSM-7');
    }
    const receipt = renderTemplate(
      defaultMessageText('payment_received', 'sms', 'en').body,
      MESSAGE_PREVIEW_VALUES,
    );
    expect(smsLength(receipt).segments).toBe(1);
  });
});

describe('SMS length', () => {
  it('counts GSM-7 in parts of 160, then 153', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
  });
  it('counts the extension table as two units', () => {
    expect(smsLength('{}€')).toEqual({ encoding: 'GSM-7', units: 6, segments: 1 });
  });
  it('sends Hindi or ₹ as UCS-2 in parts of 70, then 67', () => {
    expect(smsLength('₹500')).toEqual({ encoding: 'UCS-2', units: 4, segments: 1 });
    expect(smsLength('क'.repeat(70)).segments).toBe(1);
    expect(smsLength('क'.repeat(71)).segments).toBe(2);
    expect(smsLength('क'.repeat(135)).segments).toBe(3);
  });
  it('is zero parts for no text', () => {
    expect(smsLength('').segments).toBe(0);
  });
});

describe('masking', () => {
  it('keeps a loan code’s prefix and last four digits', () => {
    expect(maskLoanCode('LN000042')).toBe('LNXX0042');
    expect(maskLoanCode('LN1234567')).toBe('LNXXX4567');
    expect(maskLoanCode('LN1234')).toBe('LN1234');
  });
  it('shows a mobile’s last four digits', () => {
    expect(maskMobile('9876543210')).toBe('••••••3210');
  });
});

describe('opt-out replies', () => {
  it.each(['STOP', 'stop', ' Stop. ', 'STOP ALL', 'unsubscribe', 'Opt-out', 'रोकें', 'बंद करें'])(
    'reads %s as an opt-out',
    (text) => expect(isOptOutReply(text)).toBe(true),
  );
  it.each(['STOPPED paying?', 'please call me', 'do not stop', ''])('reads %s as no opt-out', (text) =>
    expect(isOptOutReply(text)).toBe(false),
  );
});

describe('UPI payment links', () => {
  it('writes the NPCI deep link with the amount in rupees and the loan as reference', () => {
    expect(
      upiPayLink({
        vpa: 'dailyfin@okaxis',
        payeeName: 'Daily Finance & Co',
        amountPaise: 50_050,
        reference: 'LN000042',
        note: 'EMI LN000042',
      }),
    ).toBe(
      'upi://pay?pa=dailyfin@okaxis&pn=Daily%20Finance%20%26%20Co&am=500.50&cu=INR&tr=LN000042&tn=EMI%20LN000042',
    );
  });
  it('checks a UPI id', () => {
    expect(isUpiVpa('dailyfin@okaxis')).toBe(true);
    expect(isUpiVpa('no-at-sign')).toBe(false);
    expect(isUpiVpa('a@')).toBe(false);
  });
});
