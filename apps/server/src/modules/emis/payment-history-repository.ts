import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/sql';

/** One payment record of a loan with what its ledger rows say. Money in paise. */
export type PaymentHistoryRow = {
  paymentId: number;
  emiNumber: number;
  emiReplaced: boolean;
  paymentDate: string;
  businessDate: string;
  paidAt: string;
  paymentType: string;
  paymentMode: string;
  amountCollected: number;
  collectedBy: string;
};

type RawRow = Record<string, string | number | boolean | null>;

/**
 * One page of a loan's payment records, newest first. The amount and business day come from the
 * ledger rows that name the payment (cash collected, or credit applied), so a later rewrite never
 * changes them; a payment recorded before the ledger named its rows falls back to its own record
 * (its amount, the IST day of its moment).
 */
export const listLoanPayments = async (
  db: Executor,
  loanId: number,
  page: { limit: number; offset: number },
): Promise<PaymentHistoryRow[]> => {
  const result = await db.execute(sql`
    select p.id, p.emi_number, p.emi_id is null as emi_replaced, p.payment_date::text as payment_date,
      ledger_business_day(linked.business_date, p.paid_at)::text as business_date,
      to_char(p.paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as paid_at,
      p.payment_type, p.payment_mode, coalesce(linked.amount, p.amount)::text as amount,
      collector.name as collected_by
    from emi_payments p
    join users collector on collector.id = p.collected_by
    left join lateral (
      select sum(g.amount) as amount, min(g.business_date) as business_date
      from loan_ledger g
      where g.payment_id = p.id and g.kind in ('collected', 'credit_applied')
    ) linked on true
    where p.loan_id = ${loanId}
    order by p.paid_at desc, p.id desc
    limit ${page.limit} offset ${page.offset}`);
  return rowsOf<RawRow>(result).map((row) => ({
    paymentId: Number(row.id),
    emiNumber: Number(row.emi_number),
    emiReplaced: row.emi_replaced === true || row.emi_replaced === 't',
    paymentDate: String(row.payment_date),
    businessDate: String(row.business_date),
    paidAt: String(row.paid_at),
    paymentType: String(row.payment_type),
    paymentMode: String(row.payment_mode),
    amountCollected: Number(row.amount),
    collectedBy: String(row.collected_by),
  }));
};

/** How many payment records a loan has. */
export const countLoanPayments = async (db: Executor, loanId: number): Promise<number> => {
  const [row] = rowsOf<RawRow>(
    await db.execute(sql`select count(*)::text as n from emi_payments where loan_id = ${loanId}`),
  );
  return Number(row?.n ?? 0);
};
