import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
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

/** Money columns: integer paise, read as JS numbers (exact: every amount is a safe integer). */
const paise = (name: string) => bigint(name, { mode: 'number' });
const calendarDate = (name: string) => date(name, { mode: 'string' });
const moment = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Loan numbers 1, 2, ...; taken inside the creating transaction (a rolled-back create leaves a gap). */
export const loanNumberSeq = pgSequence('loan_number_seq', { startWith: 1, increment: 1 });

/** Loans. Money in paise; `loan_code` is 'LN' + the loan number padded to 6 digits. */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    loanNumber: integer('loan_number').notNull(),
    loanCode: text('loan_code').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'restrict' }),
    loanAmount: paise('loan_amount').notNull(),
    perDayEmi: paise('per_day_emi').notNull(),
    totalEmiDays: integer('total_emi_days').notNull(),
    totalRepayable: paise('total_repayable').notNull(),
    interestAmount: paise('interest_amount').notNull(),
    startDate: calendarDate('start_date').notNull(),
    endDate: calendarDate('end_date').notNull(),
    loanReason: text('loan_reason'),
    paymentMethod: text('payment_method'),
    /** Storage key of the received-by image, never a public path. */
    receivedByImage: text('received_by_image'),
    status: text('status').notNull().default('pending_acceptance'),
    foreclosureType: text('foreclosure_type'),
    foreclosureAmount: paise('foreclosure_amount'),
    foreclosureRemainingAmount: paise('foreclosure_remaining_amount'),
    foreclosureDate: calendarDate('foreclosure_date'),
    foreclosureReason: text('foreclosure_reason'),
    foreclosureNotes: text('foreclosure_notes'),
    foreclosedBy: integer('foreclosed_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('loans_loan_number_key').on(t.loanNumber),
    uniqueIndex('loans_loan_code_key').on(t.loanCode),
    index('loans_status_idx').on(t.status),
    index('loans_customer_id_idx').on(t.customerId),
    index('loans_start_date_idx').on(t.startDate),
    index('loans_created_at_idx').on(t.createdAt),
    index('loans_created_by_idx').on(t.createdBy),
    index('loans_foreclosed_by_idx').on(t.foreclosedBy),
    check(
      'loans_status_check',
      sql`${t.status} in ('pending_acceptance', 'accepted', 'processing', 'approved', 'closed', 'default')`,
    ),
    check('loans_money_check', sql`${t.loanAmount} > 0 and ${t.perDayEmi} > 0 and ${t.totalEmiDays} > 0`),
  ],
);

/** A loan's instalments; the lending rules' `Emi` (packages/domain/src/lending/types.ts) in rows. */
export const emis = pgTable(
  'emis',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    emiNumber: integer('emi_number').notNull(),
    emiDate: calendarDate('emi_date').notNull(),
    amount: paise('amount').notNull(),
    lateCharge: paise('late_charge').notNull().default(0),
    carriedInstalment: paise('carried_instalment').notNull().default(0),
    status: text('status').notNull().default('pending'),
    paymentType: text('payment_type'),
    /** When the payment was recorded; `payment_date` is its business date (editable). */
    paidAt: moment('paid_at'),
    paymentDate: calendarDate('payment_date'),
    partialPaymentAmount: paise('partial_payment_amount'),
    remainingBalance: paise('remaining_balance'),
    bounceCount: integer('bounce_count').notNull().default(0),
    bouncedAt: moment('bounced_at'),
    bouncedOn: calendarDate('bounced_on'),
    bouncedReason: text('bounced_reason'),
    bounceStatus: text('bounce_status'),
    duesWith: integer('dues_with'),
    foreclosureAmount: paise('foreclosure_amount'),
    foreclosureDate: calendarDate('foreclosure_date'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('emis_loan_id_emi_number_key').on(t.loanId, t.emiNumber),
    index('emis_emi_date_status_idx').on(t.emiDate, t.status),
    check('emis_status_check', sql`${t.status} in ('pending', 'paid', 'partial', 'bounced', 'foreclosed')`),
  ],
);

/**
 * The append-only money ledger (docs/lending-rules.md): rows are only ever inserted (a trigger refuses UPDATE and
 * DELETE); a rewrite reverses earlier rows with `reversal` rows instead.
 */
export const loanLedger = pgTable(
  'loan_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    cause: text('cause').notNull(),
    emiNumber: integer('emi_number').notNull(),
    toEmiNumber: integer('to_emi_number'),
    reverses: text('reverses'),
    amount: paise('amount').notNull(),
    instalment: paise('instalment').notNull(),
    penalty: paise('penalty').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('loan_ledger_loan_id_idx').on(t.loanId, t.id),
    index('loan_ledger_created_at_idx').on(t.createdAt),
    index('loan_ledger_actor_id_idx').on(t.actorId),
    check('loan_ledger_amount_check', sql`${t.amount} = ${t.instalment} + ${t.penalty}`),
  ],
);

/** Credit events from payments and bounces; cleared when a loan's schedule is rewritten. */
export const creditEvents = pgTable(
  'credit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    emiNumber: integer('emi_number').notNull(),
    eventType: text('event_type').notNull(),
    emiAmount: paise('emi_amount').notNull(),
    amount: paise('amount').notNull(),
    eventDate: calendarDate('event_date').notNull(),
    bounceReason: text('bounce_reason'),
    bounceSequence: integer('bounce_sequence'),
    chargesApplied: paise('charges_applied'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_events_customer_id_idx').on(t.customerId, t.createdAt),
    index('credit_events_loan_id_idx').on(t.loanId),
    index('credit_events_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Idempotency keys of money-moving calls (docs/api.md), per user; claimed in the transaction of the
 * change, with the first answer kept for replays.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/**
 * One row per EMI payment recorded (POST /emi/pay): who collected it, how, and what it moved, for
 * receipts and the collection reports. The money itself is in the ledger; `amount` (cash received)
 * repeats its `collected` rows for reports. `emi_id` is cleared if a schedule rewrite replaces the EMI
 * (`loan_id` and `emi_number` stay). `payment_date` is the business date, editable; `paid_at` the moment.
 */
export const emiPayments = pgTable(
  'emi_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    emiId: bigint('emi_id', { mode: 'number' }).references(() => emis.id, { onDelete: 'set null' }),
    emiNumber: integer('emi_number').notNull(),
    paymentType: text('payment_type').notNull(),
    paymentMode: text('payment_mode').notNull(),
    amount: paise('amount').notNull(),
    lateChargeLevied: paise('late_charge_levied').notNull().default(0),
    partialPaymentAmount: paise('partial_payment_amount'),
    remainingBalance: paise('remaining_balance'),
    carriedAmount: paise('carried_amount').notNull().default(0),
    carriedToEmi: integer('carried_to_emi'),
    collectedBy: integer('collected_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentDate: calendarDate('payment_date').notNull(),
    paidAt: moment('paid_at').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('emi_payments_loan_id_idx').on(t.loanId, t.emiNumber),
    index('emi_payments_emi_id_idx').on(t.emiId),
    index('emi_payments_collected_by_idx').on(t.collectedBy, t.paidAt),
    index('emi_payments_paid_at_idx').on(t.paidAt),
    check('emi_payments_type_check', sql`${t.paymentType} in ('full', 'emi_only', 'partial')`),
    check(
      'emi_payments_mode_check',
      sql`${t.paymentMode} in ('cash', 'upi', 'bank_transfer', 'cheque', 'card', 'other')`,
    ),
    check('emi_payments_amount_check', sql`${t.amount} >= 0 and ${t.lateChargeLevied} >= 0`),
  ],
);

/**
 * One row per bounce recorded (POST /emi/bounce): who marked it, when, why and with what charge, for
 * the bounced-EMIs screen and the collection reports. The EMI row holds the bounced record's state
 * (`bounce_status` bounced/recovered, `bounce_count`, `bounced_at`, `bounced_reason`).
 */
export const emiBounces = pgTable(
  'emi_bounces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: integer('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'restrict' }),
    emiId: bigint('emi_id', { mode: 'number' }).references(() => emis.id, { onDelete: 'set null' }),
    emiNumber: integer('emi_number').notNull(),
    emiAmount: paise('emi_amount').notNull(),
    charge: paise('charge').notNull(),
    /** What the EMI owed right after the bounce (amount + late charge). */
    amountDue: paise('amount_due').notNull(),
    bounceSequence: integer('bounce_sequence').notNull(),
    reason: text('reason').notNull(),
    notes: text('notes'),
    /** The later current bounced EMI this bounce's dues rolled into at once, if any. */
    rolledTo: integer('rolled_to'),
    bouncedBy: integer('bounced_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    bouncedOn: calendarDate('bounced_on').notNull(),
    bouncedAt: moment('bounced_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('emi_bounces_loan_id_idx').on(t.loanId, t.emiNumber),
    index('emi_bounces_emi_id_idx').on(t.emiId),
    index('emi_bounces_bounced_by_idx').on(t.bouncedBy, t.bouncedAt),
    index('emi_bounces_bounced_at_idx').on(t.bouncedAt),
    check('emi_bounces_charge_check', sql`${t.charge} >= 0`),
  ],
);
