import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export type PermissionList = { resource: string; actions: string[] }[];

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    permissions: jsonb('permissions').$type<PermissionList>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    isSystemRole: boolean('is_system_role').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Role names compare ignoring case and spaces, so uniqueness must too.
  (t) => [uniqueIndex('roles_normalized_name_key').on(sql`lower(replace(${t.name}, ' ', ''))`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile'),
    address: text('address'),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    isActive: boolean('is_active').notNull().default(true),
    /** Storage keys of the identity documents, never public paths. */
    profilePic: text('profile_pic'),
    adhaarCard: text('adhaar_card'),
    voterCard: text('voter_card'),
    panCard: text('pan_card'),
    bankCheck: text('bank_check'),
    agentQrCode: text('agent_qr_code'),
    referenceCustomerId: integer('reference_customer_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    /** The agent a customer belongs to: who registered them, or whom an admin assigned. */
    agentId: integer('agent_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationEnabled: boolean('location_enabled').notNull().default(false),
    locationUpdatedAt: timestamp('location_updated_at', { withTimezone: true, mode: 'date' }),
    locationAccuracy: doublePrecision('location_accuracy'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_id_idx').on(t.roleId),
    index('users_agent_id_idx').on(t.agentId),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** Sessions: only the SHA-256 of a bearer token is ever stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessTokenHash: text('access_token_hash').notNull(),
    deviceType: text('device_type'),
    deviceName: text('device_name'),
    deviceId: text('device_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_key').on(t.accessTokenHash),
    index('auth_tokens_user_id_idx').on(t.userId),
    index('auth_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/** Single-use, expiring password-reset tokens (stored hashed, like sessions). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/** Failed sign-in counters per account and per address; rows, so every API process shares them. */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_created_at_idx').on(t.createdAt),
    index('audit_logs_action_idx').on(t.action),
    index('audit_logs_user_id_idx').on(t.userId),
  ],
);

/** Server-wide secrets generated on first start (e.g. the file-URL signing key), shared by all processes. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
