import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClock, type IsoDate } from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../src/app';
import { createDeps } from '../../src/create-deps';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { DEFAULT_THROTTLE, type RegistrationLimits, type ThrottlePolicy } from '../../src/modules/auth';
import type { AppDeps, MessagingDeps } from '../../src/platform/deps';
import type { Mail, Mailer } from '../../src/platform/mailer';
import type { MessageProviderSettings } from '../../src/platform/messaging';
import type { FileStorage } from '../../src/platform/storage/file-storage';
import { adminUrlFor } from './postgres';

/** A clock tests can move: `advance` shifts "now" (and so "today") forward. */
export const createTestClock = (start = new Date('2026-11-21T06:30:00Z'), businessDate?: IsoDate) => {
  let nowMs = start.getTime();
  const clock = createClock({ now: () => new Date(nowMs), businessDate });
  return { ...clock, advance: (ms: number) => (nowMs += ms), set: (at: Date) => (nowMs = at.getTime()) };
};

/** A fresh copy of the seeded template database (either engine), and how to drop it. */
export const openTestDatabase = async (): Promise<{ database: Database; drop: () => Promise<void> }> => {
  const pgTemplate = inject('postgresTemplate');
  const baseUrl = process.env.DATABASE_URL;
  if (pgTemplate && baseUrl) {
    const name = `lending_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = openPostgres(adminUrlFor(baseUrl));
    await admin.db.execute(`create database ${name} template ${pgTemplate}`);
    const database = openPostgres(adminUrlFor(baseUrl, name));
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.db.execute(`drop database if exists ${name}`);
        await admin.close();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  const database = await openPglite({ loadDataDir: new Blob([dump]) });
  return { database, drop: async () => database.close() };
};

export type TestAppOptions = {
  throttle?: Partial<ThrottlePolicy>;
  /** The idle timeout; a week by default, because tests move the clock across days with one session. */
  sessionIdleHours?: number;
  /**
   * Public registration's hourly allowance per client address. Every request of a test comes from
   * one address, so it is generous unless a test asks for the real limits.
   */
  registrationLimits?: Partial<RegistrationLimits>;
  businessDate?: IsoDate;
  /** A logger to read what the server logs; silent by default. */
  log?: FastifyBaseLogger;
  /** A real mailer instead of the captured mailbox (`sent` then stays empty). */
  mailer?: Mailer;
  /** The APK upload limit (APK_MAX_MB); 200 MB by default. */
  apkMaxBytes?: number;
  /** Rows an export reads per query (1000 by default); small to make exports cross batch edges. */
  exportBatchRows?: number;
  /** The uploads' storage; a local folder under the test's DATA_DIR by default. */
  storage?: FileStorage;
  /** What main.ts passes from the configuration; the app's defaults otherwise. */
  app?: Omit<BuildAppOptions, 'deps' | 'log'>;
  /** Message providers (files in DATA_DIR/messages by default) and parts of delivery to replace. */
  messageProviders?: MessageProviderSettings;
  messaging?: Partial<MessagingDeps>;
  upi?: AppDeps['upi'];
};

/** A whole app on a fresh copy of the seeded database, with a movable clock and a captured mailbox. */
export const createTestApp = async (options: TestAppOptions = {}) => {
  const { database, drop } = await openTestDatabase();
  const clock = createTestClock(undefined, options.businessDate);
  const sent: Mail[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lending-files-'));
  const deps = await createDeps({
    db: database.db,
    clock,
    dataDir,
    log: options.log ?? pino({ level: 'silent' }),
    tokenTtlHours: 168,
    sessionIdleHours: options.sessionIdleHours ?? 168,
    registrationLimits: options.registrationLimits ?? { perHour: 1000, bytesPerHour: 1e9 },
    publicUrl: 'http://127.0.0.1:3000',
    mailer: options.mailer ?? { send: async (mail) => void sent.push(mail) },
    // No waiting in tests unless a test asks for it.
    throttle: { ...DEFAULT_THROTTLE, delayStepMs: 0, ...options.throttle },
    apkMaxBytes: options.apkMaxBytes,
    exportBatchRows: options.exportBatchRows,
    storage: options.storage,
    messageProviders: options.messageProviders,
    messaging: options.messaging,
    upi: options.upi,
  });
  const app = await buildApp({ ...options.app, deps, log: options.log });
  await app.ready();
  return {
    app,
    deps,
    /** The database as main.ts has it (the job queue opens its own connection from it). */
    database,
    db: database.db,
    databaseKind: database.kind,
    clock,
    sent,
    /** The app's DATA_DIR (uploads, APKs), removed on close. */
    dataDir,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
