import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigId, calendarDate, createdAt, moment, paise, updatedAt } from './columns';
import { loanProducts } from './products';
import { userRef } from './users';

/** Loan numbers 1, 2, ...; taken inside the creating transaction (a rolled-back create leaves a gap). */
export const loanNumberSeq = pgSequence('loan_number_seq', { startWith: 1, increment: 1 });

/** Loans. Money in paise; `loan_code` is 'LN' + the loan number padded to 6 digits. */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    loanNumber: integer('loan_number').notNull(),
    loanCode: text('loan_code').notNull(),
    customerId: userRef('customer_id', 'restrict').notNull(),
    createdBy: userRef('created_by', 'restrict'),
    loanAmount: paise('loan_amount').notNull(),
    perDayEmi: paise('per_day_emi').notNull(),
    totalEmiDays: integer('total_emi_days').notNull(),
    totalRepayable: paise('total_repayable').notNull(),
    interestAmount: paise('interest_amount').notNull(),
    startDate: calendarDate('start_date').notNull(),
    endDate: calendarDate('end_date').notNull(),
    /**
     * The cut-over day of a loan taken over from another book (null for a loan made here): the
     * portfolio counts it from the later of its start and this day, since what it owed and paid
     * before lives in the opening position booked on this day.
     */
    cutOverDate: calendarDate('cut_over_date'),
    /** The product the loan was made from (null: none, collected every calendar day). */
    productId: integer('product_id').references(() => loanProducts.id, { onDelete: 'restrict' }),
    /** The product's terms as they were when the loan was made (`LoanProductTerms` in rupees). */
    productTerms: jsonb('product_terms'),
    /**
     * The loan's weekly off-days from its product (bit i = weekday i, 0 = Sunday; 0 = every day) and
     * the holidays its schedule skips (known at creation, or declared later and moved onto it): with
     * the start date they give EMI n's date, the n-th collection day, which the portfolio computes.
     */
    offDays: smallint('off_days').notNull().default(0),
    skippedDays: date('skipped_days', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
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
    foreclosedBy: userRef('foreclosed_by', 'restrict'),
    /**
     * The date of the loan's oldest open EMI (pending, or the current bounced one), null when none is
     * open; kept by a trigger on `emis` (migration 0018_oldest_open_emi) so the overdue lists can walk
     * loans in the order of how long they have been overdue without reading every open EMI.
     */
    oldestOpenEmiDate: calendarDate('oldest_open_emi_date'),
    /**
     * The customer's agent (`users.agent_id`), kept by triggers on the loan's customer and the
     * customer's agent (migration `list_totals`), so an agent's overdue loans are one index range.
     */
    agentId: integer('agent_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('loans_loan_number_key').on(t.loanNumber),
    uniqueIndex('loans_loan_code_key').on(t.loanCode),
    index('loans_status_idx').on(t.status),
    index('loans_customer_id_idx').on(t.customerId),
    // Status and amount ride along so the dashboard's "lent this month" sums read the index alone.
    index('loans_start_date_idx').on(t.startDate, t.status, t.loanAmount),
    // Newest first with the id breaking ties (the dashboard's newest loans): the first rows of the index.
    index('loans_created_at_idx').on(t.createdAt, t.id),
    index('loans_created_by_idx').on(t.createdBy),
    index('loans_foreclosed_by_idx').on(t.foreclosedBy),
    index('loans_product_id_idx').on(t.productId),
    // Substring search of loan codes (which contain the loan number) through trigrams.
    index('loans_loan_code_trgm_idx').using('gin', t.loanCode.op('gin_trgm_ops')).with({ fastupdate: false }),
    // The overdue lists: approved loans, longest overdue first.
    index('loans_overdue_idx')
      .on(t.oldestOpenEmiDate, t.loanNumber)
      .where(sql`${t.status} = 'approved' and ${t.oldestOpenEmiDate} is not null`),
    // One agent's overdue loans in the same order: their dashboard's page and loan count.
    index('loans_agent_overdue_idx')
      .on(t.agentId, t.oldestOpenEmiDate, t.loanNumber)
      .where(sql`${t.status} = 'approved' and ${t.oldestOpenEmiDate} is not null`),
    check(
      'loans_status_check',
      sql`${t.status} in ('pending_acceptance', 'accepted', 'processing', 'approved', 'closed', 'default')`,
    ),
    check('loans_off_days_check', sql`${t.offDays} >= 0 and ${t.offDays} < 127`),
    check('loans_money_check', sql`${t.loanAmount} > 0 and ${t.perDayEmi} > 0 and ${t.totalEmiDays} > 0`),
  ],
);

/** The loan a row belongs to; a loan that still has rows cannot be deleted. */
export const loanRef = () =>
  integer('loan_id')
    .notNull()
    .references(() => loans.id, { onDelete: 'restrict' });

/** A loan's instalments; the lending rules' `Emi` (packages/domain/src/lending/types.ts) in rows. */
export const emis = pgTable(
  'emis',
  {
    id: bigId(),
    loanId: loanRef(),
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
    // No index of (emi_date, status) alone: the due list's index below starts with both, and each one
    // less is ten million entries fewer to write when a book moves in, and one fewer per payment.
    // A loan's open EMIs by date: the overdue lists and the loan's oldest open date.
    index('emis_open_idx')
      .on(t.loanId, t.emiDate)
      .where(sql`${t.status} = 'pending' or (${t.status} = 'bounced' and ${t.duesWith} = ${t.emiNumber})`),
    // Bounced EMIs Management lists EMIs that ever bounced, latest bounce first: a small part of all EMIs.
    index('emis_bounced_at_idx')
      .on(t.bouncedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.bounceStatus} is not null`),
    // Payments Due: a page is a range of it in list order after the cursor, and the day's totals read
    // amount and late charge from it alone (an index-only scan, no visit to each EMI's row).
    index('emis_due_list_idx').on(t.emiDate, t.status, t.loanId, t.emiNumber, t.amount, t.lateCharge),
    // A page's loans' bounced EMIs (whose dues a full payment also collects): a few rows among a
    // loan's hundreds, found without reading the rest.
    index('emis_bounced_loan_idx').on(t.loanId).where(sql`${t.status} = 'bounced'`),
    check('emis_status_check', sql`${t.status} in ('pending', 'paid', 'partial', 'bounced', 'foreclosed')`),
  ],
);

/** Credit events from payments and bounces; cleared when a loan's schedule is rewritten. */
export const creditEvents = pgTable(
  'credit_events',
  {
    id: bigId(),
    customerId: userRef('customer_id', 'restrict').notNull(),
    loanId: loanRef(),
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
    // The report's order (newest first, then id): a page is the first rows of the index, even where
    // thousands of events share one moment.
    index('credit_events_created_at_id_idx').on(t.createdAt, t.id),
  ],
);

export type LoanRow = typeof loans.$inferSelect;
export type EmiRow = typeof emis.$inferSelect;
