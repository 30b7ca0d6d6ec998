import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, calendarDate, createdAt, paise, transactionId } from './columns';
import { emiPayments } from './emi-records';
import { loanRef } from './loans';
import { auditLogs } from './platform';
import { userRef } from './users';

/**
 * The append-only money ledger: rows are only ever inserted (a trigger refuses UPDATE and DELETE); a
 * rewrite reverses earlier schedule rows with `reversal` rows and moves collected cash to credit held
 * with `credit` rows, never reversing the cash itself.
 *
 * Each row names when and through whom the money moved, for the reports that read it:
 * `business_date` (the IST business day it was recorded; a later payment-date correction of the
 * receipt does not move it, so past days stay as they were), `actor_id` (the collector or admin),
 * `payment_mode` (cash-moving rows: `collected`, `credit_applied` as 'credit', `refund`),
 * `payment_id` (the payment record and receipt of a payment's rows) and `audit_id` (the audit row
 * written in the same transaction; it is also the reference of a foreclosure's and a refund's rows).
 * Rows written before these columns existed have them null.
 */
export const loanLedger = pgTable(
  'loan_ledger',
  {
    id: bigId(),
    loanId: loanRef(),
    kind: text('kind').notNull(),
    cause: text('cause').notNull(),
    emiNumber: integer('emi_number').notNull(),
    toEmiNumber: integer('to_emi_number'),
    reverses: text('reverses'),
    amount: paise('amount').notNull(),
    instalment: paise('instalment').notNull(),
    penalty: paise('penalty').notNull(),
    actorId: userRef('actor_id', 'restrict'),
    businessDate: calendarDate('business_date'),
    paymentMode: text('payment_mode'),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => emiPayments.id, {
      onDelete: 'restrict',
    }),
    auditId: bigint('audit_id', { mode: 'number' }).references(() => auditLogs.id, { onDelete: 'restrict' }),
    /**
     * The interest part of a cash row's instalment money (`collected`, `refund`), fixed when the row
     * is written from the loan's terms in force then, so a later edit of the terms never changes the
     * interest a past day earned. Null on other kinds and on rows written before the column existed.
     */
    interestShare: paise('interest_share'),
    createdAt: createdAt(),
    /**
     * The transaction that wrote the row: projectors fold rows in the order their transactions
     * finished (every row with a smaller id than the oldest running transaction's is final). Null on
     * rows written before projectors, which the figures had already counted.
     */
    tx: transactionId('tx').default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('loan_ledger_loan_id_idx').on(t.loanId, t.id),
    // Only rows written since projectors began carry one: the index holds just those.
    index('loan_ledger_tx_idx').on(t.tx, t.id).where(sql`${t.tx} is not null`),
    // Only rows without a business day are found by when they were written (the day of a row that
    // has one is that day); every row written now has one, so the index stays small and costs no write.
    index('loan_ledger_created_at_idx').on(t.createdAt).where(sql`${t.businessDate} is null`),
    index('loan_ledger_actor_id_idx').on(t.actorId),
    index('loan_ledger_business_date_idx').on(t.businessDate, t.actorId),
    // Most rows (a schedule, an opening position) belong to no payment: only those that do are indexed.
    index('loan_ledger_payment_id_idx').on(t.paymentId).where(sql`${t.paymentId} is not null`),
    index('loan_ledger_audit_id_idx').on(t.auditId),
    check('loan_ledger_amount_check', sql`${t.amount} = ${t.instalment} + ${t.penalty}`),
    check(
      'loan_ledger_payment_mode_check',
      sql`${t.paymentMode} is null or ${t.paymentMode} in ('cash', 'upi', 'bank_transfer', 'cheque', 'card', 'other', 'credit')`,
    ),
  ],
);
