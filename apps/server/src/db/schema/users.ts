import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, moment, type OnDelete, updatedAt } from './columns';

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

/** A column naming a user. */
export const userRef = (name: string, onDelete: OnDelete) =>
  integer(name).references((): AnyPgColumn => users.id, { onDelete });

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
    /**
     * Documents their owner deleted from their profile: the file and its column are kept for staff
     * and the audit, and hidden from the owner; only an admin purges them.
     */
    hiddenDocuments: jsonb('hidden_documents').$type<string[]>().notNull().default([]),
    referenceCustomerId: userRef('reference_customer_id', 'set null'),
    /** The agent a customer belongs to: who registered them, or whom an admin assigned. */
    agentId: userRef('agent_id', 'set null'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationEnabled: boolean('location_enabled').notNull().default(false),
    locationUpdatedAt: moment('location_updated_at'),
    locationAccuracy: doublePrecision('location_accuracy'),
    /** Channels a borrower agreed to be messaged on; SMS by default (service messages of their loan). */
    messageChannels: text('message_channels').array().notNull().default(sql`'{sms}'::text[]`),
    /** The language of their messages (and, later, their screens). */
    language: text('language').notNull().default('en'),
    /** Set when they replied STOP or opted out on their profile: nothing more is sent to them. */
    messagesOptedOutAt: moment('messages_opted_out_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_id_idx').on(t.roleId),
    index('users_agent_id_idx').on(t.agentId),
    index('users_created_at_idx').on(t.createdAt),
    // Substring search of names and mobiles (ILIKE '%…%') through trigrams.
    // Without the pending list (fastupdate), which every search reads whole until a vacuum merges it.
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('users_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

export type RoleRow = typeof roles.$inferSelect;
export type UserRow = typeof users.$inferSelect;
