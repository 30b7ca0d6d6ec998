import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer token: 32 random bytes, URL-safe. Only its SHA-256 is stored. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
