import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';

type Raw = Record<string, string | number | null>;

/** An instant as ISO-8601 UTC text, the same on both drivers. */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The newest loans, with their customer; money in paise. */
export const newestLoans = async (db: Executor, limit: number) =>
  rowsOf<Raw>(
    await db.execute(sql`select l.id, l.loan_code, c.name as customer_name, l.loan_amount::text as loan_amount,
      l.status, ${iso('l.created_at')} as created_at
    from loans l join users c on c.id = l.customer_id
    order by l.created_at desc, l.id desc limit ${limit}`),
  );

/**
 * The newest payments that brought money in (credit applied moves none, so it is not an activity),
 * with their collector; money in paise.
 */
export const newestPayments = async (db: Executor, limit: number) =>
  rowsOf<Raw>(
    await db.execute(sql`select p.id, p.loan_id, l.loan_code, c.name as customer_name, p.emi_number,
      p.amount::text as amount, p.payment_mode, k.name as collected_by,
      ${iso('p.paid_at')} as paid_at, ${iso('p.created_at')} as updated_at
    from emi_payments p
    join loans l on l.id = p.loan_id
    join users c on c.id = l.customer_id
    left join users k on k.id = p.collected_by
    where p.payment_mode <> 'credit'
    order by p.paid_at desc, p.id desc limit ${limit}`),
  );

/** The newest bounces, with what the EMI owed after each; money in paise. */
export const newestBounces = async (db: Executor, limit: number) =>
  rowsOf<Raw>(
    await db.execute(sql`select b.id, b.loan_id, l.loan_code, c.name as customer_name, b.emi_number,
      b.amount_due::text as amount, b.reason, ${iso('b.bounced_at')} as bounced_at
    from emi_bounces b
    join loans l on l.id = b.loan_id
    join users c on c.id = l.customer_id
    order by b.bounced_at desc, b.id desc limit ${limit}`),
  );

/** The newest users with their role's name (no contact details: the feed only says who joined). */
export const newestUsers = async (db: Executor, limit: number) =>
  rowsOf<Raw>(
    await db.execute(sql`select u.id, u.name, r.name as role, ${iso('u.created_at')} as created_at
    from users u join roles r on r.id = u.role_id
    order by u.created_at desc, u.id desc limit ${limit}`),
  );
