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
  /**
   * A short token naming record `id` for `subject`, valid `ttlSeconds` (a receipt link in an SMS, where
   * every character counts): `<id>.<expires>.<16 characters of signature>`, base 36 numbers.
   */
  shortToken: (subject: string, id: number, nowMs: number, ttlSeconds: number) => string;
  /** The id a short token names, when `subjectOf(id)` signed it and it has not expired; else null. */
  readShortToken: (token: string, subjectOf: (id: number) => string, nowMs: number) => number | null;
};

/** Characters of the signature a short token keeps: 96 bits. */
const SHORT_SIGNATURE_LENGTH = 16;

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
    shortToken: (subject, id, nowMs, ttlSeconds) => {
      const expires = Math.floor(nowMs / 1000) + ttlSeconds;
      return `${id.toString(36)}.${expires.toString(36)}.${mac(subject, expires).slice(0, SHORT_SIGNATURE_LENGTH)}`;
    },
    readShortToken: (token, subjectOf, nowMs) => {
      const match = /^([0-9a-z]{1,13})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{16})$/.exec(token);
      if (!match) return null;
      const id = Number.parseInt(match[1] as string, 36);
      const expires = Number.parseInt(match[2] as string, 36);
      if (!Number.isSafeInteger(id) || id <= 0 || expires * 1000 < nowMs) return null;
      const expected = Buffer.from(mac(subjectOf(id), expires).slice(0, SHORT_SIGNATURE_LENGTH));
      const given = Buffer.from(match[3] as string);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
    },
  };
};

/** The signing secret is generated once and kept in the database so every API process shares it. */
export const loadFileUrlSecret = (db: Db): Promise<string> =>
  findOrCreateSecret(db, 'file_url_signing_key', () => randomBytes(32).toString('base64url'));
