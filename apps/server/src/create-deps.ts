import path from 'node:path';
import { DEFAULT_APK_MAX_BYTES, DEFAULT_DAY_END_CLOSE_AT } from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageConfig } from './config';
import type { Db } from './db/client';
import {
  createLoginThrottle,
  DEFAULT_REGISTRATION_LIMITS,
  DEFAULT_THROTTLE,
  type RegistrationLimits,
  type ThrottlePolicy,
} from './modules/auth';
import type { Clock } from './platform/clock';
import type { AppDeps, MessagingDeps } from './platform/deps';
import { createLogMailer, type Mailer } from './platform/mailer';
import {
  createMessageTransports,
  type MessageProviderSettings,
  readMessageProviderSettings,
} from './platform/messaging';
import { type ApkStore, createLocalApkStore } from './platform/storage/apk-store';
import { createLocalStorage, type FileStorage } from './platform/storage/file-storage';
import { createS3Storage } from './platform/storage/s3-storage';
import { createUrlSigner, loadFileUrlSecret } from './platform/storage/signed-urls';

/** Rows per query of an export: small enough to bound memory, large enough that queries stay few. */
export const DEFAULT_EXPORT_BATCH_ROWS = 1000;

/**
 * Wires the services' dependencies from their parts (the composition root: platform parts and the
 * auth module's sign-in throttle); tests override any part.
 */
export const createDeps = async (options: {
  db: Db;
  clock: Clock;
  dataDir: string;
  log: FastifyBaseLogger;
  tokenTtlHours: number;
  sessionIdleHours: number;
  publicUrl: string;
  lenderName?: string;
  storage?: FileStorage;
  /** Which storage to build when `storage` is not given; the local folder by default. */
  storageConfig?: StorageConfig;
  mailer?: Mailer;
  /** The APK folder; DATA_DIR/apk by default (also with STORAGE=s3: see docs/decisions.md). */
  apks?: ApkStore;
  apkMaxBytes?: number;
  throttle?: ThrottlePolicy;
  registrationLimits?: Partial<RegistrationLimits>;
  exportBatchRows?: number;
  /** The day-end close's time of day (HH:MM, India); null: no scheduled close. 23:30 when absent. */
  dayEndCloseAt?: string | null;
  /** The message providers (none: files in DATA_DIR/messages) and any part of delivery to replace. */
  messageProviders?: MessageProviderSettings;
  messaging?: Partial<MessagingDeps>;
  env?: 'development' | 'production' | 'test';
  /** Whether mail goes through SMTP, to files, or nowhere (System Status says which). */
  mailProvider?: 'smtp' | 'files' | 'none';
  upi?: AppDeps['upi'];
}): Promise<AppDeps> => {
  const mailer = options.mailer ?? createLogMailer(options.log);
  return {
    db: options.db,
    clock: options.clock,
    storage:
      options.storage ??
      (options.storageConfig?.kind === 's3'
        ? createS3Storage(options.storageConfig)
        : createLocalStorage(path.join(options.dataDir, 'uploads'))),
    apks: options.apks ?? createLocalApkStore(path.join(options.dataDir, 'apk')),
    apkMaxBytes: options.apkMaxBytes ?? DEFAULT_APK_MAX_BYTES,
    signer: createUrlSigner(await loadFileUrlSecret(options.db)),
    mailer,
    throttle: createLoginThrottle(options.db, options.throttle ?? DEFAULT_THROTTLE, options.clock.now),
    registrationLimits: { ...DEFAULT_REGISTRATION_LIMITS, ...options.registrationLimits },
    tokenTtlHours: options.tokenTtlHours,
    sessionIdleHours: options.sessionIdleHours,
    publicUrl: options.publicUrl,
    lenderName: options.lenderName ?? 'Daily-EMI Lending',
    exportBatchRows: options.exportBatchRows ?? DEFAULT_EXPORT_BATCH_ROWS,
    dayEndCloseAt: options.dayEndCloseAt === undefined ? DEFAULT_DAY_END_CLOSE_AT : options.dayEndCloseAt,
    messaging: messagingOf(options, mailer),
    upi: options.upi ?? null,
  };
};

const messagingOf = (options: Parameters<typeof createDeps>[0], mailer: Mailer): MessagingDeps => {
  const providers = options.messageProviders ?? readMessageProviderSettings({});
  return {
    transports: createMessageTransports(providers, {
      env: options.env ?? 'development',
      dataDir: options.dataDir,
      mailer,
      mailProvider: options.mailProvider ?? (options.mailer ? 'smtp' : 'none'),
    }),
    ratePerSecond: providers.ratePerSecond,
    leaseSeconds: providers.leaseSeconds,
    smsWebhookSecret: providers.sms?.webhookSecret ?? null,
    whatsappAppSecret: providers.whatsapp?.appSecret ?? null,
    whatsappVerifyToken: providers.whatsapp?.verifyToken ?? null,
    ...options.messaging,
  };
};
