import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes); @node-rs/argon2 defaults to id.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Marks a hash no password matches: an account made without one (an import) signs in after a reset. */
const UNUSABLE_PREFIX = '!unusable:';

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/**
 * A password hash no password verifies against, made at once: hashing a random password per person
 * would take an import of 100,000 people hours. The account's owner sets a password through
 * "forgot password" (or an admin's reset).
 */
export const unusablePasswordHash = (): string => `${UNUSABLE_PREFIX}${randomBytes(16).toString('hex')}`;

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  // Verified against the dummy all the same, so the answer takes as long as for any account.
  if (passwordHash.startsWith(UNUSABLE_PREFIX)) {
    await verifyAgainstDummy(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** A real hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export const verifyAgainstDummy = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
};
