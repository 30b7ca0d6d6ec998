import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, moment } from './columns';
import { userRef } from './users';

/** Sessions: only the SHA-256 of a bearer token is ever stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigId(),
    userId: userRef('user_id', 'cascade').notNull(),
    accessTokenHash: text('access_token_hash').notNull(),
    deviceType: text('device_type'),
    deviceName: text('device_name'),
    deviceId: text('device_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at').notNull().defaultNow(),
    expiresAt: moment('expires_at').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.accessTokenHash),
    index('auth_tokens_user_id_idx').on(t.userId),
    index('auth_tokens_expires_at_idx').on(t.expiresAt),
    // Token Management lists sessions most recently used first.
    index('auth_tokens_last_used_at_idx').on(t.lastUsedAt),
  ],
);

/** Single-use, expiring password-reset tokens (stored hashed, like sessions). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id', 'cascade').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/** Failed sign-in counters per account and per address; rows, so every API process shares them. */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: moment('window_started_at').notNull().defaultNow(),
  lockedUntil: moment('locked_until'),
});
