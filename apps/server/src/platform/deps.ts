import type { Db } from '../db/client';
import type { Clock } from './clock';
import type { Mailer } from './mailer';
import type { MessageChannel, MessageTransport } from './messaging';
import type { ApkStore } from './storage/apk-store';
import type { FileStorage } from './storage/file-storage';
import type { UrlSigner } from './storage/signed-urls';

/**
 * Sign-in throttling as the services see it; the auth module implements it (its counters are rows)
 * and the composition root (create-deps.ts) plugs it in.
 */
export type LoginThrottle = {
  /**
   * Refuses while the address or account is locked; otherwise claims the attempt for the account
   * (counted as a failure until `onSuccess` clears it) and waits the current slow-down.
   */
  beforeAttempt: (email: string, ip: string | null) => Promise<void>;
  onFailure: (email: string, ip: string | null) => Promise<void>;
  onSuccess: (email: string) => Promise<void>;
};

/** Everything a service needs from the outside world, injected once when the app is built. */
export type AppDeps = {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  /** The field app's APKs, streamed (never buffered), and the size one upload may reach. */
  apks: ApkStore;
  apkMaxBytes: number;
  signer: UrlSigner;
  mailer: Mailer;
  throttle: LoginThrottle;
  /** Registrations and uploaded bytes one client address may send to public registration per hour. */
  registrationLimits: { perHour: number; bytesPerHour: number };
  tokenTtlHours: number;
  /** Hours a session may go unused before it is refused and ended. */
  sessionIdleHours: number;
  /** Where people reach the product; used in links we send, never taken from request headers. */
  publicUrl: string;
  /** The lender's name as receipts and exports print it. */
  lenderName: string;
  /**
   * Rows an export reads per query: exports walk every match in batches of this many (keyset), so a
   * file of any length is written in bounded memory. Tests make it small to cross batch edges.
   */
  exportBatchRows: number;
  /**
   * The time of day (India, HH:MM) the day-end close runs by itself, and after which today may be
   * closed; null: no scheduled close (DAY_END_CLOSE_AT=off), past days only by hand. Absent: 23:30.
   */
  dayEndCloseAt?: string | null;
  /** Reaching borrowers (docs/messages.md): each channel's transport, its pace, the callbacks' secrets. */
  messaging: MessagingDeps;
  /** The lender's UPI id and payee name for payment links and QR codes; null: no UPI links. */
  upi: { vpa: string; payeeName: string } | null;
};

/** What delivering messages needs from the outside world. */
export type MessagingDeps = {
  transports: Record<MessageChannel, MessageTransport>;
  /** Messages a second per channel, across every process. */
  ratePerSecond: number;
  /** How long a deliverer holds a message it is sending before another may take it over. */
  leaseSeconds: number;
  /** Secrets the providers sign their callbacks with; null: that callback is refused. */
  smsWebhookSecret: string | null;
  whatsappAppSecret: string | null;
  whatsappVerifyToken: string | null;
};
