import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { findOrCreateSecret } from '../secrets-repository';

/** Signed file links live for 15 minutes: long enough to view a page, short enough not to leak. */
export const FILE_URL_TTL_SECONDS = 15 * 60;

export type UrlSigner = {
  /** A document's link: `/api/files/<key>?expires&signature`. */
  sign: (key: string, nowMs: number) => string;
  /**
   * A link to `path` signed for `subject` (e.g. `job:12` for a job's file). Subjects never collide
   * with storage keys, so a signature made for one cannot open the other.
   */
  signPath: (path: string, subject: string, nowMs: number) => string;
  verify: (subject: string, expires: number, signature: string, nowMs: number) => boolean;
};

export const createUrlSigner = (secret: string): UrlSigner => {
  const mac = (key: string, expires: number) =>
    createHmac('sha256', secret).update(`${key}:${expires}`).digest('base64url');
  const signPath = (path: string, subject: string, nowMs: number) => {
    const expires = Math.floor(nowMs / 1000) + FILE_URL_TTL_SECONDS;
    return `${path}?expires=${expires}&signature=${mac(subject, expires)}`;
  };
  return {
    sign: (key, nowMs) => signPath(`/api/files/${key}`, key, nowMs),
    signPath,
    verify: (key, expires, signature, nowMs) => {
      if (!Number.isInteger(expires) || expires * 1000 < nowMs) return false;
      const expected = Buffer.from(mac(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
};

/** The signing secret is generated once and kept in the database so every API process shares it. */
export const loadFileUrlSecret = (db: Db): Promise<string> =>
  findOrCreateSecret(db, 'file_url_signing_key', () => randomBytes(32).toString('base64url'));
