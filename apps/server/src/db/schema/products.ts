import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, paise, updatedAt } from './columns';

/**
 * Loan products an admin defines: the ranges a loan from it must fall in, its EMI rule and weekly
 * off-days. Money in paise. A loan copies the terms when it is made (`loans.product_terms`), so editing
 * or archiving a product never rewrites a loan.
 */
export const loanProducts = pgTable(
  'loan_products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    minAmount: paise('min_amount').notNull(),
    maxAmount: paise('max_amount').notNull(),
    /** Per-day EMI per ₹1,000 lent, in paise; null: typed for each loan. */
    emiPerThousand: paise('emi_per_thousand'),
    minTenureDays: integer('min_tenure_days').notNull(),
    maxTenureDays: integer('max_tenure_days').notNull(),
    /** Weekly off-days, bit i = weekday i off (0 = Sunday); 0 = collected every day. */
    offDays: smallint('off_days').notNull().default(0),
    bounceCharge: paise('bounce_charge').notNull().default(0),
    processingFee: paise('processing_fee').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('loan_products_name_key').on(sql`lower(${t.name})`),
    check('loan_products_amount_check', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check(
      'loan_products_tenure_check',
      sql`${t.minTenureDays} >= 1 and ${t.maxTenureDays} >= ${t.minTenureDays} and ${t.maxTenureDays} <= 3650`,
    ),
    check('loan_products_off_days_check', sql`${t.offDays} >= 0 and ${t.offDays} < 127`),
    check('loan_products_charges_check', sql`${t.bounceCharge} >= 0 and ${t.processingFee} >= 0`),
  ],
);
export type LoanProductRow = typeof loanProducts.$inferSelect;
