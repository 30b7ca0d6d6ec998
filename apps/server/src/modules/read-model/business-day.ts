import { type SQL, sql } from 'drizzle-orm';

/**
 * The business day of the ledger row aliased `alias`, through the database's one definition
 * (`ledger_business_day` in sql/shared.sql), so a reader can never date a row differently from the
 * figures it is compared with.
 */
export const ledgerBusinessDay = (alias: string): SQL =>
  sql.raw(`ledger_business_day(${alias}.business_date, ${alias}.created_at)`);
