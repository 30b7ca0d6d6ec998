import type { Db } from '../db/client';
import type { LoginThrottle } from '../modules/auth/throttle';
import type { Clock } from './clock';
import type { Mailer } from './mailer';
import type { FileStorage } from './storage/file-storage';
import type { UrlSigner } from './storage/signed-urls';

/** Everything a service needs from the outside world, injected once when the app is built. */
export type AppDeps = {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  signer: UrlSigner;
  mailer: Mailer;
  throttle: LoginThrottle;
  tokenTtlHours: number;
  /** Where people reach the product; used in links we send, never taken from request headers. */
  publicUrl: string;
  /** The lender's name as receipts and exports print it. */
  lenderName: string;
};
