import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      adminEmail: 'admin@example.com',
      adminPassword: 'admin123',
      tokenTtlHours: 168,
      demoData: 'none',
      businessDate: undefined,
      lenderName: 'Daily-EMI Lending',
      publicUrl: 'http://127.0.0.1:3000',
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db/lending',
      ADMIN_EMAIL: ' Owner@Lender.IN ',
      TOKEN_TTL_HOURS: '12',
      DEMO_DATA: '1',
      BUSINESS_DATE: '2026-11-21',
      LENDER_NAME: 'Shree Ganesh Finance',
      PUBLIC_URL: 'https://lend.example.in/',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db/lending',
      adminEmail: 'owner@lender.in',
      tokenTtlHours: 12,
      demoData: 'full',
      businessDate: '2026-11-21',
      lenderName: 'Shree Ganesh Finance',
      publicUrl: 'https://lend.example.in',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ BUSINESS_DATE: '21-11-2026' }, 'BUSINESS_DATE must be YYYY-MM-DD'],
    [
      { NODE_ENV: 'production', BUSINESS_DATE: '2026-11-21' },
      'BUSINESS_DATE is refused when NODE_ENV=production',
    ],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD must be at least 6 characters'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL must be a URL'],
  ])('refuses %j with a message naming the problem', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  describe('in production', () => {
    const production = { NODE_ENV: 'production', ADMIN_PASSWORD: 'a-real-secret' } as const;

    it.each([
      [{ NODE_ENV: 'production' }, 'ADMIN_PASSWORD must be set to your own password'],
      [{ NODE_ENV: 'production', ADMIN_PASSWORD: 'admin123' }, 'not the default admin123'],
      [{ ...production, DEMO_DATA: '1' }, 'DEMO_DATA is refused when NODE_ENV=production'],
      [{ ...production, DEMO_DATA: 'people' }, 'DEMO_DATA is refused when NODE_ENV=production'],
    ])('refuses %j', (env, message) => {
      expect(() => loadConfig(env)).toThrow(message);
    });

    it('starts with its own password, docs for staff only', () => {
      expect(loadConfig(production)).toMatchObject({ env: 'production', apiDocs: 'staff', demoData: 'none' });
    });
  });

  it('reads SMTP_URL, TRUST_PROXY and API_DOCS', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, trustProxy: false, apiDocs: 'public' });
    expect(
      loadConfig({
        SMTP_URL: 'smtp://mailer:pw@mail.example.in:587',
        TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback',
        API_DOCS: 'off',
      }),
    ).toMatchObject({
      smtpUrl: 'smtp://mailer:pw@mail.example.in:587',
      trustProxy: ['127.0.0.1', '10.0.0.0/8', '::1', 'loopback'],
      apiDocs: 'off',
    });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.in' }, 'SMTP_URL must look like smtp://'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY must be a comma-separated list'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY must be a comma-separated list'],
    [{ API_DOCS: 'everyone' }, 'API_DOCS must be public, staff or off'],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads APK_MAX_MB as bytes (200 MB unless set) and refuses a bad one', () => {
    expect(loadConfig({}).apkMaxBytes).toBe(200 * 1024 * 1024);
    expect(loadConfig({ APK_MAX_MB: '50' }).apkMaxBytes).toBe(50 * 1024 * 1024);
    expect(() => loadConfig({ APK_MAX_MB: '0' })).toThrow(/APK_MAX_MB must be at least 1/);
    expect(() => loadConfig({ APK_MAX_MB: 'lots' })).toThrow(/APK_MAX_MB/);
  });

  it('reads API_PROCESSES (1 unless set) and refuses more than one process on the embedded database', () => {
    expect(loadConfig({}).apiProcesses).toBe(1);
    expect(loadConfig({ API_PROCESSES: '4', DATABASE_URL: 'postgres://u@db/lending' }).apiProcesses).toBe(4);
    expect(() => loadConfig({ API_PROCESSES: '2' })).toThrow(/API_PROCESSES above 1 needs DATABASE_URL/);
    expect(() => loadConfig({ API_PROCESSES: '0', DATABASE_URL: 'postgres://u@db/l' })).toThrow(
      /API_PROCESSES must be at least 1/,
    );
    expect(() => loadConfig({ API_PROCESSES: 'many' })).toThrow(/API_PROCESSES must be a number/);
  });
});
