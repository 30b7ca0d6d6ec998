import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MessageGateway, startMessageGateway } from '../../../test/support/message-gateway';
import {
  createEmailTransport,
  createFileTransport,
  createGupshupSmsTransport,
  createWhatsAppCloudTransport,
  type OutgoingMessage,
} from './index';

const sms = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  reference: 'm-101',
  channel: 'sms',
  to: '9876543210',
  language: 'en',
  text: 'Dear Asha, EMI 4 of Rs 1,250 is due on 05-03-2025. -LENDCO',
  templateId: '1207161234567890123',
  parameters: [],
  ...overrides,
});

const whatsapp = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  reference: 'm-202',
  channel: 'whatsapp',
  to: '9876543210',
  language: 'en',
  text: 'Dear Asha, EMI 4 of Rs 1,250 is due on 05-03-2025.',
  templateId: 'emi_due_reminder',
  parameters: ['Asha', '4', '1,250', '05-03-2025'],
  ...overrides,
});

let gateway: MessageGateway;
beforeAll(async () => {
  gateway = await startMessageGateway();
});
afterAll(async () => {
  await gateway.close();
});
beforeEach(() => {
  gateway.setMode('sms', 'accept');
  gateway.setMode('whatsapp', 'accept');
  gateway.received.length = 0;
});

describe('Gupshup SMS', () => {
  const transport = (timeoutMs?: number) =>
    createGupshupSmsTransport({
      apiUrl: gateway.smsUrl,
      userId: '2000123456',
      password: 's3cret',
      senderHeader: 'LENDCO',
      entityId: '1201159876543210987',
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });

  it('sends with the DLT header, entity and template id, and answers the provider id', async () => {
    const result = await transport().send(sms());
    const [request] = gateway.received;
    expect(result).toEqual({ kind: 'sent', providerMessageId: request?.providerMessageId });
    expect(request?.providerMessageId).toMatch(/-m-101$/);
    expect(request?.fields).toMatchObject({
      method: 'SendMessage',
      send_to: '919876543210',
      msg_type: 'TEXT',
      mask: 'LENDCO',
      principalEntityId: '1201159876543210987',
      dltTemplateId: '1207161234567890123',
      userid: '2000123456',
      password: 's3cret',
      auth_scheme: 'plain',
      v: '1.1',
      format: 'json',
      msg_id: 'm-101',
    });
    expect(request?.text).toBe(sms().text);
  });

  it('sends Hindi as Unicode_text, the text intact', async () => {
    const text = 'प्रिय आशा, किस्त 4 के ₹1,250 दिनांक 05-03-2025 को देय हैं। -LENDCO';
    const result = await transport().send(sms({ language: 'hi', text }));
    expect(result.kind).toBe('sent');
    expect(gateway.received[0]?.fields.msg_type).toBe('Unicode_text');
    expect(gateway.received[0]?.text).toBe(text);
  });

  it("answers the provider's refusal as rejected, with its reason", async () => {
    gateway.setMode('sms', 'reject');
    expect(await transport().send(sms())).toEqual({
      kind: 'rejected',
      reason: 'DLT template id does not match the message (175)',
    });
  });

  it('answers a rate limit as retry after Retry-After', async () => {
    gateway.setMode('sms', 'rate-limit');
    expect(await transport().send(sms())).toEqual({
      kind: 'retry',
      reason: 'Gupshup is rate limiting (HTTP 429)',
      retryAfterMs: 1000,
    });
  });

  it('answers no answer in time as retry', async () => {
    gateway.setMode('sms', 'timeout');
    const result = await transport(200).send(sms());
    expect(result).toEqual({ kind: 'retry', reason: 'Gupshup did not answer within 200 ms' });
  });

  it('refuses a message without a DLT template id before calling Gupshup', async () => {
    expect(await transport().send(sms({ templateId: null }))).toEqual({
      kind: 'rejected',
      reason: 'no DLT template id for this template',
    });
    expect(gateway.received).toHaveLength(0);
  });

  it('answers an unreachable gateway as retry', async () => {
    const closed = await startMessageGateway();
    await closed.close();
    const result = await createGupshupSmsTransport({
      apiUrl: closed.smsUrl,
      userId: '1',
      password: 'p',
      senderHeader: 'LENDCO',
      entityId: '1',
    }).send(sms());
    expect(result.kind).toBe('retry');
    expect(result.kind === 'retry' && result.reason).toMatch(/^Gupshup could not be reached/);
  });
});

describe('WhatsApp Cloud API', () => {
  const transport = (timeoutMs?: number) =>
    createWhatsAppCloudTransport({
      apiUrl: gateway.whatsappUrl,
      phoneNumberId: '109876543210',
      token: 'EAAG-token',
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
    });

  it('sends the approved template with its language and parameters, with the bearer token', async () => {
    const result = await transport().send(whatsapp({ language: 'hi' }));
    const [request] = gateway.received;
    expect(result).toEqual({ kind: 'sent', providerMessageId: request?.providerMessageId });
    expect(request?.providerMessageId).toMatch(/^wamid\./);
    expect(request?.authorization).toBe('Bearer EAAG-token');
    expect(request?.fields).toEqual({
      messaging_product: 'whatsapp',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'emi_due_reminder',
        language: { code: 'hi' },
        components: [
          {
            type: 'body',
            parameters: ['Asha', '4', '1,250', '05-03-2025'].map((text) => ({ type: 'text', text })),
          },
        ],
      },
      biz_opaque_callback_data: 'm-202',
    });
  });

  it('gives each accepted message its own id', async () => {
    const first = await transport().send(whatsapp());
    const second = await transport().send(whatsapp({ reference: 'm-203' }));
    expect(first.kind === 'sent' && second.kind === 'sent').toBe(true);
    expect(first).not.toEqual(second);
  });

  it("answers Meta's error as rejected with its message and code", async () => {
    gateway.setMode('whatsapp', 'reject');
    expect(await transport().send(whatsapp())).toEqual({
      kind: 'rejected',
      reason: '(#132001) Template name does not exist in the translation (132001)',
    });
  });

  it('answers a rate limit as retry after Retry-After', async () => {
    gateway.setMode('whatsapp', 'rate-limit');
    expect(await transport().send(whatsapp())).toEqual({
      kind: 'retry',
      reason: '(#130429) Rate limit hit (130429)',
      retryAfterMs: 1000,
    });
  });

  it('answers no answer in time as retry', async () => {
    gateway.setMode('whatsapp', 'timeout');
    expect(await transport(200).send(whatsapp())).toEqual({
      kind: 'retry',
      reason: 'WhatsApp did not answer within 200 ms',
    });
  });

  it('refuses a message without an approved template name before calling Meta', async () => {
    expect(await transport().send(whatsapp({ templateId: null }))).toEqual({
      kind: 'rejected',
      reason: 'no approved WhatsApp template name for this template',
    });
    expect(gateway.received).toHaveLength(0);
  });
});

describe('the file transport', () => {
  it('writes one whole text file per message, readable only by its owner', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'messages-'));
    try {
      const result = await createFileTransport('whatsapp', dir).send(whatsapp({ reference: 'm/9' }));
      const files = await fs.readdir(dir);
      expect(files).toHaveLength(1);
      const [name] = files;
      expect(result).toEqual({ kind: 'sent', providerMessageId: name });
      expect(name).toMatch(/-m_9-[0-9a-f]{8}\.txt$/);
      const file = path.join(dir, name ?? '');
      const text = await fs.readFile(file, 'utf8');
      expect(text).toContain('reference: m/9');
      expect(text).toContain('channel: whatsapp');
      expect(text).toContain('to: 9876543210');
      expect(text).toContain('template id: emi_due_reminder');
      expect(text).toContain('parameters: ["Asha","4","1,250","05-03-2025"]');
      expect(text).toContain(whatsapp().text);
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the e-mail transport', () => {
  const mail = (overrides: Partial<OutgoingMessage> = {}) =>
    sms({ channel: 'email', to: 'asha@example.com', subject: 'EMI due', templateId: null, ...overrides });

  it('hands the message to the mailer', async () => {
    const sent: unknown[] = [];
    const transport = createEmailTransport({ send: async (m) => void sent.push(m) });
    expect(transport).toMatchObject({ channel: 'email', provider: 'smtp', configured: true });
    expect(await transport.send(mail())).toEqual({ kind: 'sent', providerMessageId: null });
    expect(sent).toEqual([{ to: 'asha@example.com', subject: 'EMI due', text: sms().text }]);
  });

  it("answers the mailer's failure as retry with its message, never the stack", async () => {
    const transport = createEmailTransport({
      send: async () => {
        throw new Error('421 Service not available');
      },
    });
    expect(await transport.send(mail())).toEqual({ kind: 'retry', reason: '421 Service not available' });
  });

  it('is not configured when the mailer is unavailable', () => {
    const transport = createEmailTransport({ available: false, send: async () => {} }, 'none');
    expect(transport).toMatchObject({ provider: 'none', configured: false });
  });
});
