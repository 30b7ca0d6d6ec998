import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emiPayments, emis } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { auditInsert, type NewAuditRow } from '../../platform/audit-repository';

export type NewPayment = typeof emiPayments.$inferInsert;

/**
 * A payment's record, its audit row, its ledger rows and the EMI's notes in one statement: a money
 * call pays for every round trip to the database, and these rows name each other's ids (`ledger`
 * receives them as expressions). Answers the payment's and the audit row's ids.
 */
export const insertPaymentBooked = async (
  tx: Executor,
  rows: {
    payment: NewPayment;
    audit: NewAuditRow;
    ledger: ((ids: { paymentId: SQL; auditId: SQL }) => SQL) | null;
    notes: { emiId: number; notes: string; now: Date } | null;
    /** The borrower's receipt messages, written in the same statement and keyed by the payment's id. */
    receipt?: ((paymentId: SQL) => SQL) | null;
  },
): Promise<{ paymentId: number; auditId: number }> => {
  const parts = [
    sql`payment as (${tx.insert(emiPayments).values(rows.payment).returning({ id: emiPayments.id }).getSQL()})`,
    sql`audit as (${auditInsert(tx, rows.audit).getSQL()})`,
  ];
  if (rows.ledger)
    parts.push(
      sql`ledger as (${rows.ledger({ paymentId: sql`(select id from payment)`, auditId: sql`(select id from audit)` })})`,
    );
  if (rows.notes) {
    const { emiId, notes, now } = rows.notes;
    parts.push(
      sql`notes as (${tx.update(emis).set({ notes, updatedAt: now }).where(eq(emis.id, emiId)).getSQL()})`,
    );
  }
  if (rows.receipt) parts.push(sql`receipt as (${rows.receipt(sql`(select id from payment)`)})`);
  const result = await tx.execute(sql`
    with ${sql.join(parts, sql`, `)}
    select (select id from payment)::text as payment_id, (select id from audit)::text as audit_id`);
  const [ids] = rowsOf<{ payment_id: string; audit_id: string }>(result);
  if (!ids) throw new Error('the payment statement answered no ids');
  return { paymentId: Number(ids.payment_id), auditId: Number(ids.audit_id) };
};
