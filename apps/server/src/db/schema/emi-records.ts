import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, calendarDate, createdAt, moment, paise } from './columns';
import { emis, loanRef } from './loans';
import { userRef } from './users';

/** The EMI a record was made on; cleared if a schedule rewrite replaces the EMI. */
const emiRef = () => bigint('emi_id', { mode: 'number' }).references(() => emis.id, { onDelete: 'set null' });

/**
 * One row per EMI payment recorded (POST /emi/pay): who collected it, how, and what it moved, for
 * receipts and the collection reports. The money itself is in the ledger; `amount` (cash received)
 * repeats its `collected` rows for reports. `emi_id` is cleared if a schedule rewrite replaces the EMI
 * (`loan_id` and `emi_number` stay). `payment_date` is the business date, editable; `paid_at` the moment.
 * `payment_mode` 'credit' marks an EMI paid from credit held (no cash moved).
 */
export const emiPayments = pgTable(
  'emi_payments',
  {
    id: bigId(),
    loanId: loanRef(),
    emiId: emiRef(),
    emiNumber: integer('emi_number').notNull(),
    paymentType: text('payment_type').notNull(),
    paymentMode: text('payment_mode').notNull(),
    amount: paise('amount').notNull(),
    lateChargeLevied: paise('late_charge_levied').notNull().default(0),
    partialPaymentAmount: paise('partial_payment_amount'),
    remainingBalance: paise('remaining_balance'),
    carriedAmount: paise('carried_amount').notNull().default(0),
    carriedToEmi: integer('carried_to_emi'),
    collectedBy: userRef('collected_by', 'restrict').notNull(),
    /** The EMI as the payment left it (its date, amount, late charge), so its receipt outlives a rewrite; null on older rows. */
    emiDate: calendarDate('emi_date'),
    emiAmount: paise('emi_amount'),
    emiLateCharge: paise('emi_late_charge'),
    paymentDate: calendarDate('payment_date').notNull(),
    paidAt: moment('paid_at').notNull(),
    /** The phone's time of a collection made offline and synced later (null: recorded online). */
    collectedAt: moment('collected_at'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('emi_payments_loan_id_idx').on(t.loanId, t.emiNumber),
    index('emi_payments_emi_id_idx').on(t.emiId),
    index('emi_payments_collected_by_idx').on(t.collectedBy, t.paidAt),
    index('emi_payments_paid_at_idx').on(t.paidAt),
    // The dashboard's newest money in: many payments share a moment (a bulk import, a sync), so the
    // order needs the id too for the 8 newest to be the index's first rows (a top-N, no sort).
    index('emi_payments_recent_idx').on(t.paidAt, t.id).where(sql`${t.paymentMode} <> 'credit'`),
    check('emi_payments_type_check', sql`${t.paymentType} in ('full', 'emi_only', 'partial')`),
    check(
      'emi_payments_mode_check',
      sql`${t.paymentMode} in ('cash', 'upi', 'bank_transfer', 'cheque', 'card', 'other', 'credit')`,
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
    id: bigId(),
    loanId: loanRef(),
    emiId: emiRef(),
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
    bouncedBy: userRef('bounced_by', 'restrict').notNull(),
    bouncedOn: calendarDate('bounced_on').notNull(),
    bouncedAt: moment('bounced_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('emi_bounces_loan_id_idx').on(t.loanId, t.emiNumber),
    index('emi_bounces_emi_id_idx').on(t.emiId),
    index('emi_bounces_bounced_by_idx').on(t.bouncedBy, t.bouncedAt),
    index('emi_bounces_bounced_at_idx').on(t.bouncedAt),
    // The dashboard's newest bounces, in its order (moment, then id): the first rows of the index.
    index('emi_bounces_recent_idx').on(t.bouncedAt, t.id),
    // The collections report selects bounces by business day.
    index('emi_bounces_bounced_on_idx').on(t.bouncedOn, t.bouncedBy),
    check('emi_bounces_charge_check', sql`${t.charge} >= 0`),
  ],
);
