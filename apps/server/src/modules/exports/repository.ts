import type { BookExportFileName, BookExportHeader } from '@lending/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { customers } from '../../db/customers';
import { keysetPage } from '../../db/keyset';
import {
  auditLogs,
  cashHandovers,
  emiBounces,
  emiPayments,
  emis,
  expenses,
  loanClassChanges,
  loanLedger,
  loans,
  roles,
  users,
} from '../../db/schema';

/** A row of an export file: its declared headers and the database values under them. */
export type ExportRow = Record<string, unknown> & { id: number };

/** How one file of the book export is read: its row count, and its rows in batches by id. */
export type ExportSource = {
  count: (tx: Executor) => Promise<number>;
  /** Up to `limit` rows with an id above `afterId` (every row when undefined), by id. */
  batch: (tx: Executor, afterId: number | undefined, limit: number) => Promise<ExportRow[]>;
};

/** The columns of a file, each read by name: a column not named here never leaves the database. */
type Fields<Name extends BookExportFileName> = Record<BookExportHeader<Name>, PgColumn | SQL>;

const source = (
  table: PgTable,
  id: PgColumn,
  rows: (tx: Executor) => PgSelect,
  where?: SQL,
): ExportSource => ({
  count: (tx) => tx.$count(table, where),
  batch: async (tx, afterId, limit) =>
    (await keysetPage(
      rows(tx),
      where,
      { columns: [id], direction: 'asc' },
      afterId === undefined ? undefined : [afterId],
      limit,
    )) as ExportRow[],
});

const agents = alias(users, 'agent');
const isStored = (column: PgColumn) => sql<boolean>`${column} is not null`;
/** Accounts of a system role; role names compare ignoring case and spaces, as the unique index does. */
const ofRole = (role: 'user' | 'agent') =>
  sql`${users.roleId} in (select id from roles where lower(replace(name, ' ', '')) = ${role})`;

const userFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  address: users.address,
  role: roles.name,
  is_active: users.isActive,
  created_at: users.createdAt,
  updated_at: users.updatedAt,
} satisfies Fields<'users.csv'>;

const customerFields = {
  id: users.id,
  name: users.name,
  mobile: users.mobile,
  address: users.address,
  agent_id: users.agentId,
  agent_name: agents.name,
  reference_customer_id: users.referenceCustomerId,
  photo_on_file: isStored(users.profilePic),
  aadhaar_card_on_file: isStored(users.adhaarCard),
  voter_card_on_file: isStored(users.voterCard),
  pan_card_on_file: isStored(users.panCard),
  bank_cheque_on_file: isStored(users.bankCheck),
  latitude: users.latitude,
  longitude: users.longitude,
  location_updated_at: users.locationUpdatedAt,
  is_active: users.isActive,
  created_at: users.createdAt,
} satisfies Fields<'customers.csv'>;

const agentFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  // Spelt out: drizzle leaves the columns of a one-table select unqualified, and a bare "id" here
  // would be the inner row's.
  customers: sql<number>`(select count(*) from users assigned where assigned.agent_id = users.id)::int`,
  qr_code_on_file: isStored(users.agentQrCode),
  is_active: users.isActive,
  created_at: users.createdAt,
} satisfies Fields<'agents.csv'>;

const loanFields = {
  id: loans.id,
  loan_code: loans.loanCode,
  customer_id: loans.customerId,
  customer_name: customers.name,
  agent_id: loans.agentId,
  status: loans.status,
  loan_amount: loans.loanAmount,
  per_day_emi: loans.perDayEmi,
  total_emi_days: loans.totalEmiDays,
  total_repayable: loans.totalRepayable,
  interest_amount: loans.interestAmount,
  start_date: loans.startDate,
  end_date: loans.endDate,
  loan_reason: loans.loanReason,
  payment_method: loans.paymentMethod,
  created_by: loans.createdBy,
  foreclosure_type: loans.foreclosureType,
  foreclosure_amount: loans.foreclosureAmount,
  foreclosure_remaining_amount: loans.foreclosureRemainingAmount,
  foreclosure_date: loans.foreclosureDate,
  foreclosure_reason: loans.foreclosureReason,
  foreclosure_notes: loans.foreclosureNotes,
  foreclosed_by: loans.foreclosedBy,
  created_at: loans.createdAt,
  updated_at: loans.updatedAt,
} satisfies Fields<'loans.csv'>;

const emiFields = {
  id: emis.id,
  loan_id: emis.loanId,
  emi_number: emis.emiNumber,
  emi_date: emis.emiDate,
  amount: emis.amount,
  late_charge: emis.lateCharge,
  carried_instalment: emis.carriedInstalment,
  status: emis.status,
  payment_type: emis.paymentType,
  payment_date: emis.paymentDate,
  paid_at: emis.paidAt,
  partial_payment_amount: emis.partialPaymentAmount,
  remaining_balance: emis.remainingBalance,
  bounce_count: emis.bounceCount,
  bounce_status: emis.bounceStatus,
  bounced_on: emis.bouncedOn,
  bounced_reason: emis.bouncedReason,
  dues_with: emis.duesWith,
  notes: emis.notes,
} satisfies Fields<'emis.csv'>;

const paymentFields = {
  id: emiPayments.id,
  loan_id: emiPayments.loanId,
  emi_number: emiPayments.emiNumber,
  payment_type: emiPayments.paymentType,
  payment_mode: emiPayments.paymentMode,
  amount: emiPayments.amount,
  late_charge_levied: emiPayments.lateChargeLevied,
  partial_payment_amount: emiPayments.partialPaymentAmount,
  remaining_balance: emiPayments.remainingBalance,
  carried_amount: emiPayments.carriedAmount,
  carried_to_emi: emiPayments.carriedToEmi,
  collected_by: emiPayments.collectedBy,
  payment_date: emiPayments.paymentDate,
  paid_at: emiPayments.paidAt,
  collected_at: emiPayments.collectedAt,
  notes: emiPayments.notes,
} satisfies Fields<'payments.csv'>;

const bounceFields = {
  id: emiBounces.id,
  loan_id: emiBounces.loanId,
  emi_number: emiBounces.emiNumber,
  emi_amount: emiBounces.emiAmount,
  charge: emiBounces.charge,
  amount_due: emiBounces.amountDue,
  bounce_sequence: emiBounces.bounceSequence,
  reason: emiBounces.reason,
  notes: emiBounces.notes,
  rolled_to: emiBounces.rolledTo,
  bounced_by: emiBounces.bouncedBy,
  bounced_on: emiBounces.bouncedOn,
  bounced_at: emiBounces.bouncedAt,
} satisfies Fields<'bounces.csv'>;

const ledgerFields = {
  id: loanLedger.id,
  loan_id: loanLedger.loanId,
  kind: loanLedger.kind,
  cause: loanLedger.cause,
  emi_number: loanLedger.emiNumber,
  to_emi_number: loanLedger.toEmiNumber,
  reverses: loanLedger.reverses,
  amount: loanLedger.amount,
  instalment: loanLedger.instalment,
  penalty: loanLedger.penalty,
  interest_share: loanLedger.interestShare,
  payment_mode: loanLedger.paymentMode,
  business_date: loanLedger.businessDate,
  actor_id: loanLedger.actorId,
  payment_id: loanLedger.paymentId,
  audit_id: loanLedger.auditId,
  created_at: loanLedger.createdAt,
} satisfies Fields<'ledger.csv'>;

const handoverFields = {
  id: cashHandovers.id,
  collector_id: cashHandovers.collectorId,
  received_by: cashHandovers.receivedBy,
  amount: cashHandovers.amount,
  received_amount: cashHandovers.receivedAmount,
  difference: cashHandovers.difference,
  reason: cashHandovers.reason,
  note: cashHandovers.note,
  business_date: cashHandovers.businessDate,
  audit_id: cashHandovers.auditId,
  created_at: cashHandovers.createdAt,
} satisfies Fields<'cash_handovers.csv'>;

const expenseFields = {
  id: expenses.id,
  expense_name: expenses.expenseName,
  reason: expenses.reason,
  amount_paid: expenses.amountPaid,
  user_id: expenses.userId,
  user_name: users.name,
  created_at: expenses.createdAt,
  updated_at: expenses.updatedAt,
} satisfies Fields<'expenses.csv'>;

const classChangeFields = {
  id: loanClassChanges.id,
  loan_id: loanClassChanges.loanId,
  business_date: loanClassChanges.businessDate,
  from_class: loanClassChanges.fromClass,
  to_class: loanClassChanges.toClass,
  from_own: loanClassChanges.fromOwn,
  to_own: loanClassChanges.toOwn,
  days_past_due: loanClassChanges.daysPastDue,
  reason: loanClassChanges.reason,
  superseded_at: loanClassChanges.supersededAt,
  created_at: loanClassChanges.createdAt,
} satisfies Fields<'class_changes.csv'>;

const auditFields = {
  id: auditLogs.id,
  created_at: auditLogs.createdAt,
  user_id: auditLogs.userId,
  action: auditLogs.action,
  resource_type: auditLogs.resourceType,
  resource_id: auditLogs.resourceId,
  ip_address: auditLogs.ipAddress,
  user_agent: auditLogs.userAgent,
  metadata: auditLogs.metadata,
} satisfies Fields<'audit.csv'>;

/** Every file's reads; each table is walked by its primary key, so a batch is one index range. */
export const EXPORT_SOURCES: Record<BookExportFileName, ExportSource> = {
  'users.csv': source(users, users.id, (tx) =>
    tx.select(userFields).from(users).innerJoin(roles, eq(roles.id, users.roleId)).$dynamic(),
  ),
  'customers.csv': source(
    users,
    users.id,
    (tx) => tx.select(customerFields).from(users).leftJoin(agents, eq(agents.id, users.agentId)).$dynamic(),
    ofRole('user'),
  ),
  'agents.csv': source(
    users,
    users.id,
    (tx) => tx.select(agentFields).from(users).$dynamic(),
    ofRole('agent'),
  ),
  'loans.csv': source(loans, loans.id, (tx) =>
    tx.select(loanFields).from(loans).innerJoin(customers, eq(customers.id, loans.customerId)).$dynamic(),
  ),
  'emis.csv': source(emis, emis.id, (tx) => tx.select(emiFields).from(emis).$dynamic()),
  'payments.csv': source(emiPayments, emiPayments.id, (tx) =>
    tx.select(paymentFields).from(emiPayments).$dynamic(),
  ),
  'bounces.csv': source(emiBounces, emiBounces.id, (tx) =>
    tx.select(bounceFields).from(emiBounces).$dynamic(),
  ),
  'ledger.csv': source(loanLedger, loanLedger.id, (tx) =>
    tx.select(ledgerFields).from(loanLedger).$dynamic(),
  ),
  'cash_handovers.csv': source(cashHandovers, cashHandovers.id, (tx) =>
    tx.select(handoverFields).from(cashHandovers).$dynamic(),
  ),
  'class_changes.csv': source(loanClassChanges, loanClassChanges.id, (tx) =>
    tx.select(classChangeFields).from(loanClassChanges).$dynamic(),
  ),
  'expenses.csv': source(expenses, expenses.id, (tx) =>
    tx.select(expenseFields).from(expenses).leftJoin(users, eq(users.id, expenses.userId)).$dynamic(),
  ),
  'audit.csv': source(auditLogs, auditLogs.id, (tx) => tx.select(auditFields).from(auditLogs).$dynamic()),
};
