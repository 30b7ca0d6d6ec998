import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  parseSmsWebhook,
  parseWhatsAppWebhook,
  verifySmsSignature,
  verifyWhatsAppSignature,
} from './webhooks';

const sign = (body: Buffer, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe.each([
  ['verifyWhatsAppSignature', verifyWhatsAppSignature],
  ['verifySmsSignature', verifySmsSignature],
])('%s', (_name, verify) => {
  const body = Buffer.from('{"entry":[{"id":"1"}]}');
  const secret = 'app-secret';

  it('accepts the HMAC-SHA256 of the raw body with the secret', () => {
    expect(verify(body, sign(body, secret), secret)).toBe(true);
    expect(verify(body, sign(body, secret).toUpperCase().replace('SHA256=', 'sha256='), secret)).toBe(true);
  });

  it('refuses another secret, a tampered body, or no secret at all', () => {
    expect(verify(body, sign(body, 'other-secret'), secret)).toBe(false);
    expect(verify(Buffer.from('{"entry":[{"id":"2"}]}'), sign(body, secret), secret)).toBe(false);
    expect(verify(body, sign(body, ''), '')).toBe(false);
  });

  it('refuses a missing or malformed header', () => {
    const good = sign(body, secret);
    for (const header of [
      undefined,
      '',
      good.slice('sha256='.length),
      `sha1=${good.slice('sha256='.length)}`,
      good.slice(0, -2),
      `${good}00`,
      `sha256=${'z'.repeat(64)}`,
      'sha256=',
    ]) {
      expect(verify(body, header, secret)).toBe(false);
    }
  });
});

const whatsAppBody = (value: unknown) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: 'WABA', changes: [{ field: 'messages', value }] }],
});

describe('parseWhatsAppWebhook', () => {
  it('reads statuses, read counting as delivered and a failure with its reason', () => {
    const events = parseWhatsAppWebhook(
      whatsAppBody({
        messaging_product: 'whatsapp',
        statuses: [
          { id: 'wamid.A', status: 'sent', timestamp: '1741150800', recipient_id: '919876543210' },
          { id: 'wamid.A', status: 'read', timestamp: '1741150860' },
          {
            id: 'wamid.B',
            status: 'failed',
            timestamp: '1741150900',
            errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }],
          },
        ],
      }),
    );
    expect(events).toEqual([
      {
        kind: 'status',
        providerMessageId: 'wamid.A',
        status: 'sent',
        reason: null,
        at: new Date(1741150800_000),
      },
      {
        kind: 'status',
        providerMessageId: 'wamid.A',
        status: 'delivered',
        reason: null,
        at: new Date(1741150860_000),
      },
      {
        kind: 'status',
        providerMessageId: 'wamid.B',
        status: 'failed',
        reason: 'Message undeliverable',
        at: new Date(1741150900_000),
      },
    ]);
  });

  it("reads a borrower's text and button replies, the number as 10 digits", () => {
    const events = parseWhatsAppWebhook(
      whatsAppBody({
        messages: [
          {
            from: '919876543210',
            id: 'wamid.C',
            timestamp: '1741151000',
            type: 'text',
            text: { body: 'STOP' },
          },
          {
            from: '919876543211',
            id: 'wamid.D',
            timestamp: '1741151001',
            type: 'button',
            button: { text: 'Call me', payload: 'call' },
          },
        ],
      }),
    );
    expect(events).toEqual([
      { kind: 'reply', from: '9876543210', text: 'STOP', at: new Date(1741151000_000) },
      { kind: 'reply', from: '9876543211', text: 'Call me', at: new Date(1741151001_000) },
    ]);
  });

  it('skips what is malformed and never throws', () => {
    for (const body of [
      null,
      undefined,
      'text',
      42,
      [],
      {},
      { entry: 'x' },
      { entry: [{ changes: [null] }] },
    ]) {
      expect(parseWhatsAppWebhook(body)).toEqual([]);
    }
    expect(
      parseWhatsAppWebhook(
        whatsAppBody({
          statuses: [
            { id: 'wamid.E', status: 'deleted', timestamp: '1741151000' },
            { id: 'wamid.F', status: 'sent', timestamp: 'yesterday' },
            { status: 'sent', timestamp: '1741151000' },
            'wamid.G',
          ],
          messages: [
            { from: '919876543210', timestamp: '1741151000', type: 'image', image: { id: '1' } },
            { from: 'not a number', timestamp: '1741151000', type: 'text', text: { body: 'hi' } },
            { from: '919876543210', timestamp: '1741151000', type: 'text', text: { body: '   ' } },
          ],
        }),
      ),
    ).toEqual([]);
  });
});

describe('parseSmsWebhook', () => {
  it("reads Gupshup's delivery reports, one or a batch", () => {
    expect(
      parseSmsWebhook({
        externalId: '3562707498794989059-m-101',
        status: 'SUCCESS',
        cause: 'SUCCESS',
        deliveredTS: '1741150800000',
        phoneNo: '919876543210',
      }),
    ).toEqual([
      {
        kind: 'status',
        providerMessageId: '3562707498794989059-m-101',
        status: 'delivered',
        reason: null,
        at: new Date(1741150800_000),
      },
    ]);
    expect(
      parseSmsWebhook([
        { externalId: 'a', status: 'DELIVRD', deliveredTS: '2025-03-05T05:00:00Z' },
        { externalId: 'b', status: 'UNDELIV', cause: 'ABSENT_SUBSCRIBER', deliveredTS: 1741150800000 },
        { externalId: 'c', status: 'REJECTD', cause: 'DND_FAIL', deliveredTS: 1741150800000 },
        { externalId: 'd', status: 'EXPIRED', deliveredTS: 1741150800000 },
        { externalId: 'e', status: 'FAIL', cause: 'UNKNOWN_SUBSCRIBER', deliveredTS: 1741150800000 },
      ]).map((event) =>
        event.kind === 'status' ? [event.providerMessageId, event.status, event.reason] : null,
      ),
    ).toEqual([
      ['a', 'delivered', null],
      ['b', 'failed', 'ABSENT_SUBSCRIBER'],
      ['c', 'failed', 'DND_FAIL'],
      ['d', 'failed', null],
      ['e', 'failed', 'UNKNOWN_SUBSCRIBER'],
    ]);
  });

  it('reads a reply by `text` or `msg`, the number as 10 digits', () => {
    expect(
      parseSmsWebhook([
        { mobile: '+919876543210', text: 'STOP', timestamp: '1741151000000' },
        { mobile: '09876543211', msg: 'Paid today', timestamp: '2025-03-05T05:00:00Z' },
      ]),
    ).toEqual([
      { kind: 'reply', from: '9876543210', text: 'STOP', at: new Date(1741151000_000) },
      { kind: 'reply', from: '9876543211', text: 'Paid today', at: new Date('2025-03-05T05:00:00Z') },
    ]);
  });

  it('skips what is malformed and never throws', () => {
    for (const body of [null, undefined, 'status=SUCCESS', 7, [], {}, [null, 'x', 3]]) {
      expect(parseSmsWebhook(body)).toEqual([]);
    }
    expect(
      parseSmsWebhook([
        { externalId: 'a', status: 'MAYBE', deliveredTS: 1741150800000 },
        { status: 'SUCCESS', deliveredTS: 1741150800000 },
        { mobile: '12345', text: 'STOP' },
        { mobile: '9876543210' },
      ]),
    ).toEqual([]);
  });
});
