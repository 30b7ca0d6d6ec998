import { describe, expect, it } from 'vitest';
import { createMessageTransports, type OutgoingMessage, readMessageProviderSettings } from './index';

const whatsapp: OutgoingMessage = {
  reference: 'm-202',
  channel: 'whatsapp',
  to: '9876543210',
  language: 'en',
  text: 'Dear Asha, EMI 4 of Rs 1,250 is due on 05-03-2025.',
  templateId: 'emi_due_reminder',
  parameters: ['Asha', '4', '1,250', '05-03-2025'],
};

describe('readMessageProviderSettings', () => {
  const gupshup = {
    SMS_PROVIDER: 'gupshup',
    SMS_USER_ID: '2000123456',
    SMS_PASSWORD: 's3cret',
    SMS_SENDER_HEADER: 'lendco',
    SMS_DLT_ENTITY_ID: '1201159876543210987',
  };

  it('reads no provider and the default rate from an empty environment', () => {
    expect(readMessageProviderSettings({})).toEqual({
      sms: null,
      whatsapp: null,
      ratePerSecond: 20,
      leaseSeconds: 60,
    });
  });

  it("reads Gupshup with its default endpoint and WhatsApp with Meta's", () => {
    const settings = readMessageProviderSettings({
      ...gupshup,
      SMS_WEBHOOK_SECRET: 'hook',
      WHATSAPP_PHONE_NUMBER_ID: '109876543210',
      WHATSAPP_TOKEN: 'EAAG-token',
      MESSAGES_RATE_PER_SECOND: '50',
    });
    expect(settings).toEqual({
      sms: {
        provider: 'gupshup',
        apiUrl: 'https://enterprise.smsgupshup.com/GatewayAPI/rest',
        userId: '2000123456',
        password: 's3cret',
        senderHeader: 'LENDCO',
        entityId: '1201159876543210987',
        webhookSecret: 'hook',
      },
      whatsapp: {
        apiUrl: 'https://graph.facebook.com/v21.0',
        phoneNumberId: '109876543210',
        token: 'EAAG-token',
        appSecret: null,
        verifyToken: null,
      },
      ratePerSecond: 50,
      leaseSeconds: 60,
    });
  });

  it('refuses a provider set up half-way', () => {
    expect(() => readMessageProviderSettings({ ...gupshup, SMS_DLT_ENTITY_ID: '' })).toThrow(
      'SMS_PROVIDER=gupshup is set, but SMS_DLT_ENTITY_ID is not set',
    );
    expect(() => readMessageProviderSettings({ SMS_USER_ID: '2000123456' })).toThrow(/SMS_PROVIDER is not/);
    expect(() => readMessageProviderSettings({ WHATSAPP_TOKEN: 't' })).toThrow(
      'WHATSAPP_TOKEN set, but WHATSAPP_PHONE_NUMBER_ID is not set',
    );
    expect(() => readMessageProviderSettings({ SMS_PROVIDER: 'twilio' })).toThrow(
      /SMS_PROVIDER must be gupshup/,
    );
    expect(() => readMessageProviderSettings({ ...gupshup, SMS_SENDER_HEADER: 'LEND' })).toThrow(/6-letter/);
    expect(() => readMessageProviderSettings({ MESSAGES_RATE_PER_SECOND: '0' })).toThrow(/1 to 1000/);
    expect(() => readMessageProviderSettings({ MESSAGES_RATE_PER_SECOND: '1001' })).toThrow(/1 to 1000/);
  });
});

describe('createMessageTransports', () => {
  const mailer = { send: async () => {} };
  const none = readMessageProviderSettings({});

  it('writes files outside production when no provider is set', () => {
    const transports = createMessageTransports(none, {
      env: 'development',
      dataDir: '/tmp/data',
      mailer,
      mailProvider: 'files',
    });
    expect(transports.sms).toMatchObject({ channel: 'sms', provider: 'files', configured: true });
    expect(transports.whatsapp).toMatchObject({ channel: 'whatsapp', provider: 'files', configured: true });
    expect(transports.email).toMatchObject({ channel: 'email', provider: 'files', configured: true });
  });

  it('sends nothing in production without a provider, and says what to set', async () => {
    const transports = createMessageTransports(none, {
      env: 'production',
      dataDir: '/tmp/data',
      mailer: { ...mailer, available: false },
      mailProvider: 'none',
    });
    expect(transports.sms).toMatchObject({ provider: 'none', configured: false });
    expect(transports.email).toMatchObject({ provider: 'none', configured: false });
    const result = await transports.whatsapp.send(whatsapp);
    expect(result).toEqual({
      kind: 'rejected',
      reason: 'WhatsApp is not configured: set WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_TOKEN',
    });
  });

  it('uses the providers when set', () => {
    const settings = readMessageProviderSettings({
      SMS_PROVIDER: 'gupshup',
      SMS_USER_ID: '1',
      SMS_PASSWORD: 'p',
      SMS_SENDER_HEADER: 'LENDCO',
      SMS_DLT_ENTITY_ID: '1',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_TOKEN: 't',
    });
    const transports = createMessageTransports(settings, {
      env: 'production',
      dataDir: '/tmp/data',
      mailer,
      mailProvider: 'smtp',
    });
    expect(transports.sms.provider).toBe('gupshup');
    expect(transports.whatsapp.provider).toBe('whatsapp-cloud');
    expect(transports.email.provider).toBe('smtp');
  });
});
