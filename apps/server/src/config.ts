import net from 'node:net';
import path from 'node:path';
import {
  CLOSE_TIME_PATTERN,
  DEFAULT_APK_MAX_BYTES,
  DEFAULT_DAY_END_CLOSE_AT,
  isIsoDate,
  isUpiVpa,
} from '@lending/domain';
import { z } from 'zod';
import { type MessageProviderSettings, readMessageProviderSettings } from './platform/messaging';
import type { S3StorageOptions } from './platform/storage/s3-storage';

/** The superadmin password a fresh install starts with outside production. */
export const DEFAULT_ADMIN_PASSWORD = 'admin123';

const proxyList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** proxy-addr's names for address ranges, as Fastify's trustProxy accepts them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
};

const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    ADMIN_EMAIL: z.string().default('admin@example.com'),
    ADMIN_PASSWORD: z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional(),
    TOKEN_TTL_HOURS: z.coerce.number().positive().default(168),
    SESSION_IDLE_HOURS: z.coerce
      .number({ error: 'SESSION_IDLE_HOURS must be a number of hours' })
      .positive('SESSION_IDLE_HOURS must be more than 0')
      .default(12),
    DEMO_DATA: z.string().optional(),
    BUSINESS_DATE: z
      .string()
      .optional()
      .refine((value) => value === undefined || isIsoDate(value), 'BUSINESS_DATE must be YYYY-MM-DD'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    PUBLIC_URL: z.string().url('PUBLIC_URL must be a URL').optional(),
    LENDER_NAME: z.string().trim().min(1).max(100).default('Daily-EMI Lending'),
    // The lender's UPI id: reminders and My Loans carry a upi://pay link and QR to it.
    UPI_VPA: z
      .string()
      .trim()
      .refine((vpa) => vpa === '' || isUpiVpa(vpa), 'UPI_VPA must be a UPI id such as lender@okaxis')
      .optional(),
    // The payee name UPI apps show; LENDER_NAME when absent.
    UPI_PAYEE_NAME: z.string().trim().min(1).max(50).optional(),
    STORAGE: z.enum(['local', 's3'], { error: 'STORAGE must be local or s3' }).default('local'),
    S3_BUCKET: z.string().trim().optional(),
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_ENDPOINT: z.string().url('S3_ENDPOINT must be a URL').optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    DAY_END_CLOSE_AT: z
      .string()
      .trim()
      .refine(
        (value) => value === 'off' || CLOSE_TIME_PATTERN.test(value),
        'DAY_END_CLOSE_AT must be HH:MM (24-hour, India time) or off',
      )
      .default(DEFAULT_DAY_END_CLOSE_AT),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'], { error: 'S3_FORCE_PATH_STYLE must be true or false' })
      .optional(),
    SMTP_URL: z
      .string()
      .optional()
      .refine(
        (value) => !value || /^smtps?:\/\/[^/\s]+/.test(value),
        'SMTP_URL must look like smtp://user:pass@host:port (or smtps://)',
      ),
    TRUST_PROXY: z
      .string()
      .optional()
      .refine(
        (value) => !value || proxyList(value).every(isProxyAddress),
        'TRUST_PROXY must be a comma-separated list of proxy addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8)',
      ),
    MAIL_FROM: z.string().trim().min(3).max(200).optional(),
    APK_MAX_MB: z.coerce
      .number({ error: 'APK_MAX_MB must be a number of megabytes' })
      .int('APK_MAX_MB must be a whole number of megabytes')
      .min(1, 'APK_MAX_MB must be at least 1')
      .max(2048, 'APK_MAX_MB must be at most 2048')
      .optional(),
    API_DOCS: z
      .enum(['public', 'staff', 'off'], { error: 'API_DOCS must be public, staff or off' })
      .optional(),
    API_PROCESSES: z.coerce
      .number({ error: 'API_PROCESSES must be a number of processes' })
      .int('API_PROCESSES must be a whole number')
      .min(1, 'API_PROCESSES must be at least 1')
      .max(64, 'API_PROCESSES must be at most 64')
      .default(1),
  })
  // The embedded PGlite lives inside one process and its data folder takes one writer.
  .refine((config) => config.API_PROCESSES === 1 || Boolean(config.DATABASE_URL), {
    message:
      'API_PROCESSES above 1 needs DATABASE_URL: the embedded database (PGlite) runs inside one process and cannot be shared',
    path: ['API_PROCESSES'],
  })
  // A production server must not start with a password everybody knows, nor with the demo's accounts.
  .refine(
    (config) =>
      !(
        config.NODE_ENV === 'production' &&
        (config.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD) === DEFAULT_ADMIN_PASSWORD
      ),
    {
      message: `ADMIN_PASSWORD must be set to your own password (not the default ${DEFAULT_ADMIN_PASSWORD}) when NODE_ENV=production`,
      path: ['ADMIN_PASSWORD'],
    },
  )
  .refine((config) => !(config.NODE_ENV === 'production' && config.DEMO_DATA), {
    message: 'DEMO_DATA is refused when NODE_ENV=production (the demo accounts share one known password)',
    path: ['DEMO_DATA'],
  })
  .refine((config) => !(config.NODE_ENV === 'production' && config.BUSINESS_DATE), {
    message: 'BUSINESS_DATE is refused when NODE_ENV=production',
    path: ['BUSINESS_DATE'],
  })
  .refine((config) => config.STORAGE !== 's3' || Boolean(config.S3_BUCKET), {
    message: 'S3_BUCKET is required when STORAGE=s3',
    path: ['S3_BUCKET'],
  })
  .refine((config) => Boolean(config.S3_ACCESS_KEY_ID) === Boolean(config.S3_SECRET_ACCESS_KEY), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    path: ['S3_SECRET_ACCESS_KEY'],
  });

/** Where uploaded documents live: a folder under DATA_DIR, or an S3-compatible bucket. */
export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StorageOptions);

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string;
  tokenTtlHours: number;
  /** A session unused for longer than this is refused and ended (beside its lifetime, tokenTtlHours). */
  sessionIdleHours: number;
  /** 'full': people and their loans; 'people': accounts only (the end-to-end tests' fixture); 'none'. */
  demoData: 'full' | 'people' | 'none';
  businessDate: string | undefined;
  logLevel: string;
  webDistDir: string;
  publicUrl: string;
  lenderName: string;
  storage: StorageConfig;
  /** Outgoing mail server, `smtp://user:pass@host:port`; without it mail goes to DATA_DIR/mail (not in production). */
  smtpUrl: string | undefined;
  /** The sender of the mail we send. */
  mailFrom: string;
  /** Reverse proxies whose X-Forwarded-* headers are believed; false when none. */
  trustProxy: string[] | false;
  /** Who may read the API documentation at /api/docs. */
  apiDocs: 'public' | 'staff' | 'off';
  /** The largest APK an upload may send, in bytes (APK_MAX_MB). */
  apkMaxBytes: number;
  /** How many API processes `main.ts` runs on the one port (API_PROCESSES); above 1 only on PostgreSQL. */
  apiProcesses: number;
  /** The time of day (India, HH:MM) the day-end close runs by itself; null: never by itself (DAY_END_CLOSE_AT=off). */
  dayEndCloseAt: string | null;
  /** SMS and WhatsApp providers, and the pace of every channel (docs/messages.md). */
  messageProviders: MessageProviderSettings;
  /** The lender's UPI id and payee name; null: no UPI links. */
  upi: { vpa: string; payeeName: string } | null;
};

/** The providers' settings, their problems worded as every other setting's. */
const messageProvidersOf = (env: NodeJS.ProcessEnv): MessageProviderSettings => {
  try {
    return readMessageProviderSettings(env);
  } catch (error) {
    throw new Error(`Invalid configuration: ${error instanceof Error ? error.message : String(error)}`);
  }
};

/** Every environment variable the server reads, parsed once; a bad value stops the start with a clear message. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL || undefined,
    adminEmail: c.ADMIN_EMAIL.trim().toLowerCase(),
    adminPassword: c.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    tokenTtlHours: c.TOKEN_TTL_HOURS,
    sessionIdleHours: c.SESSION_IDLE_HOURS,
    demoData:
      c.DEMO_DATA === '1' || c.DEMO_DATA === 'true' ? 'full' : c.DEMO_DATA === 'people' ? 'people' : 'none',
    businessDate: c.BUSINESS_DATE,
    dayEndCloseAt: c.DAY_END_CLOSE_AT === 'off' ? null : c.DAY_END_CLOSE_AT,
    logLevel: c.LOG_LEVEL,
    lenderName: c.LENDER_NAME,
    publicUrl: (c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}`).replace(/\/$/, ''),
    storage:
      c.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: c.S3_BUCKET ?? '',
            region: c.S3_REGION,
            endpoint: c.S3_ENDPOINT || undefined,
            accessKeyId: c.S3_ACCESS_KEY_ID || undefined,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY || undefined,
            forcePathStyle: c.S3_FORCE_PATH_STYLE === 'true' || c.S3_FORCE_PATH_STYLE === '1',
          }
        : { kind: 'local' },
    smtpUrl: c.SMTP_URL || undefined,
    mailFrom:
      c.MAIL_FROM ??
      `"${c.LENDER_NAME.replaceAll('"', '')}" <no-reply@${new URL(c.PUBLIC_URL ?? `http://${c.HOST}`).hostname}>`,
    trustProxy: c.TRUST_PROXY ? proxyList(c.TRUST_PROXY) : false,
    apkMaxBytes: c.APK_MAX_MB === undefined ? DEFAULT_APK_MAX_BYTES : c.APK_MAX_MB * 1024 * 1024,
    apiDocs: c.API_DOCS ?? (c.NODE_ENV === 'production' ? 'staff' : 'public'),
    apiProcesses: c.API_PROCESSES,
    webDistDir: path.resolve(c.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    messageProviders: messageProvidersOf(env),
    upi: c.UPI_VPA ? { vpa: c.UPI_VPA, payeeName: c.UPI_PAYEE_NAME ?? c.LENDER_NAME } : null,
  };
};
