import { interestSharesOf, type LedgerEntry, RECEIVED_AS, type RecoveryBasis } from '@lending/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loanLedger } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { toLedgerEntry } from './rows';

/** Rows as one JSON parameter: a whole schedule (up to 3650 EMIs) is one statement, not 3650. */
export const jsonRows = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;

/**
 * When, through whom and under which records ledger rows were written: the business day (IST), the
 * actor (collector or admin), the audit row of the same transaction, and for a payment its record
 * and mode. `paymentMode` is stored on the rows that move cash (`collected`, `refund`); rows paid
 * from credit held (`credit_applied`) say 'credit'; other rows move no cash and have none.
 */
export type LedgerLink = {
  actorId: number | null;
  now: Date;
  businessDate: string | null;
  /** The audit row's id, or an expression naming one written in the same statement. */
  auditId: number | SQL | null;
  paymentId?: number | SQL | null;
  paymentMode?: string | null;
};

const modeOf = (entry: LedgerEntry, link: LedgerLink): string | null => {
  if (entry.kind === 'credit_applied') return 'credit';
  if (entry.kind === 'collected' || entry.kind === 'refund') return link.paymentMode ?? null;
  return null;
};

/**
 * The instalment money received on a loan so far (collected, or paid before the cut-over for a loan
 * taken over from another book), net of refunds: the recovery split's basis.
 */
export const collectedInstalmentSql = (loanId: SQL | number) => sql`coalesce((
    select sum(case when g.kind = 'refund' then -g.instalment else g.instalment end)
    from loan_ledger g where g.loan_id = ${loanId} and g.kind in ('collected', 'opening', 'refund')), 0)`;

/** The loan's terms and the instalment money collected on it so far, net of refunds (for the recovery split). */
export const recoveryBasisOf = async (tx: Executor, loanId: number): Promise<RecoveryBasis> => {
  const result = await tx.execute(sql`
    select l.loan_amount::text as loan_amount, l.total_repayable::text as total_repayable,
      ${collectedInstalmentSql(sql`l.id`)}::text as collected
    from loans l where l.id = ${loanId}`);
  const [row] = rowsOf<{ loan_amount: string; total_repayable: string; collected: string }>(result);
  if (!row) throw new Error(`no loan ${loanId}`);
  return {
    loanAmount: Number(row.loan_amount),
    totalRepayable: Number(row.total_repayable),
    collectedBefore: Number(row.collected),
  };
};

/** Whether rows take an interest share (money received or refunded), so the split's basis is needed. */
const takesShares = (entries: readonly LedgerEntry[]) =>
  entries.some(
    (entry) => entry.kind === 'refund' || (entry.kind !== 'reversal' && RECEIVED_AS[entry.kind] !== null),
  );

/**
 * The INSERT of ledger rows in order; cash rows carry their interest share from `basis` (the loan's
 * terms in force now and what it collected before; callers hold the loan's lock).
 */
export const ledgerInsert = (
  loanId: number,
  entries: readonly LedgerEntry[],
  link: LedgerLink,
  basis: RecoveryBasis | null,
): SQL => {
  const shares = basis ? interestSharesOf(entries, basis) : [];
  const rows = entries.map((entry, position) => ({
    ...entry,
    position,
    payment_mode: modeOf(entry, link),
    interest_share: shares[position] ?? null,
  }));
  return sql`
    insert into loan_ledger
      (loan_id, kind, cause, emi_number, to_emi_number, reverses, amount, instalment, penalty, actor_id,
       business_date, payment_mode, payment_id, audit_id, created_at, interest_share)
    select ${loanId}, x.kind, x.cause, x.emi_number, x.to_emi_number, x.reverses, x.amount, x.instalment,
      x.penalty, ${link.actorId}, ${link.businessDate}::date, x.payment_mode, ${link.paymentId ?? null}::bigint,
      ${link.auditId}::bigint, ${link.now.toISOString()}::timestamptz, x.interest_share
    from jsonb_to_recordset(${jsonRows(rows)}) as x(
      kind text, cause text, emi_number integer, to_emi_number integer, reverses text,
      amount bigint, instalment bigint, penalty bigint, position integer, payment_mode text, interest_share bigint)
    order by x.position`;
};

/**
 * Appends ledger rows (the only write the ledger ever takes), in order, in one statement. Cash rows
 * get their interest share here, from the loan's terms in force now (callers hold the loan's lock)
 * and what it collected before: `known` when the caller keeps it, else read.
 */
export const appendLedger = async (
  tx: Executor,
  loanId: number,
  entries: readonly LedgerEntry[],
  link: LedgerLink,
  known?: RecoveryBasis,
) => {
  if (entries.length === 0) return;
  const basis = takesShares(entries) ? (known ?? (await recoveryBasisOf(tx, loanId))) : null;
  await tx.execute(ledgerInsert(loanId, entries, link, basis));
};

/**
 * A loan's ledger rows, oldest first, as the lending rules read them: every row, or those booked
 * against one EMI (from it, for carries).
 */
export const listLedger = async (
  db: Executor,
  loanId: number,
  emiNumber?: number,
): Promise<LedgerEntry[]> => {
  const rows = await db
    .select()
    .from(loanLedger)
    .where(
      and(
        eq(loanLedger.loanId, loanId),
        emiNumber === undefined ? undefined : eq(loanLedger.emiNumber, emiNumber),
      ),
    )
    .orderBy(asc(loanLedger.id));
  return rows.map(toLedgerEntry);
};

/** The ledger rows a payment wrote (they name it), in order. */
export const ledgerOfPayment = async (db: Executor, paymentId: number): Promise<LedgerEntry[]> =>
  (
    await db.select().from(loanLedger).where(eq(loanLedger.paymentId, paymentId)).orderBy(asc(loanLedger.id))
  ).map(toLedgerEntry);
