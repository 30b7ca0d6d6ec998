import {
  type CreditEvent,
  type Emi,
  interestSharesOf,
  type LedgerEntry,
  type RecoveryBasis,
} from '@lending/domain';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creditEvents, type EmiRow, emis, loanLedger, users } from '../../db/schema';
import { rowsOf } from '../../db/sql';
import { toLedgerEntry } from './presenter';

export type { EmiRow };

/** An EMI's new state as the lending rules left it, plus what only the database keeps. */
export type EmiWrite = Emi & {
  paid_at: Date | null;
  bounced_at: Date | null;
  foreclosure_amount: number | null;
  foreclosure_date: string | null;
};

/** Rows as one JSON parameter: a whole schedule (up to 3650 EMIs) is one statement, not 3650. */
const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;

/** Writes a fresh schedule in one statement. */
export const insertSchedule = async (tx: Executor, loanId: number, schedule: readonly Emi[], now: Date) => {
  if (schedule.length === 0) return;
  const rows = schedule.map((emi) => ({ n: emi.emi_number, d: emi.emi_date, a: emi.amount }));
  await tx.execute(sql`
    insert into emis (loan_id, emi_number, emi_date, amount, created_at, updated_at)
    select ${loanId}, x.n, x.d, x.a, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${json(rows)}) as x(n integer, d date, a bigint)`);
};

/** Removes a loan's EMIs before its schedule is rewritten (their money history stays in the ledger). */
export const deleteEmis = async (tx: Executor, loanId: number) => {
  await tx.delete(emis).where(eq(emis.loanId, loanId));
};

export const listEmis = (db: Executor, loanId: number): Promise<EmiRow[]> =>
  db.select().from(emis).where(eq(emis.loanId, loanId)).orderBy(asc(emis.emiNumber));

/** The UPDATE writing the changed EMIs' states (one statement for any number of them). */
const emiUpdate = (loanId: number, changed: readonly EmiWrite[], now: Date): SQL => sql`
    update emis as e set
      late_charge = x.late_charge, carried_instalment = x.carried_instalment, status = x.status,
      payment_type = x.payment_type, payment_date = x.paid_on, paid_at = x.paid_at,
      partial_payment_amount = x.partial_payment_amount, remaining_balance = x.remaining_balance,
      bounce_count = x.bounce_count, bounced_on = x.bounced_on, bounced_at = x.bounced_at,
      bounced_reason = x.bounced_reason, bounce_status = x.bounce_status, dues_with = x.dues_with,
      foreclosure_amount = x.foreclosure_amount, foreclosure_date = x.foreclosure_date,
      updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${json(changed)}) as x(
      emi_number integer, late_charge bigint, carried_instalment bigint, status text, payment_type text,
      paid_on date, paid_at timestamptz, partial_payment_amount bigint, remaining_balance bigint,
      bounce_count integer, bounced_on date, bounced_at timestamptz, bounced_reason text,
      bounce_status text, dues_with integer, foreclosure_amount bigint, foreclosure_date date)
    where e.loan_id = ${loanId} and e.emi_number = x.emi_number`;

/** Writes the changed EMIs' states in one statement. */
export const writeEmis = async (tx: Executor, loanId: number, changed: readonly EmiWrite[], now: Date) => {
  if (changed.length === 0) return;
  await tx.execute(emiUpdate(loanId, changed, now));
};

const creditEventsInsert = (
  tx: Executor,
  loan: { id: number; customerId: number },
  events: readonly CreditEvent[],
  now: Date,
) =>
  tx.insert(creditEvents).values(
    events.map((event) => ({
      customerId: loan.customerId,
      loanId: loan.id,
      emiNumber: event.emi_number,
      eventType: event.event_type,
      emiAmount: event.emi_amount,
      amount: event.amount,
      eventDate: event.on,
      bounceReason: event.bounce_reason,
      bounceSequence: event.bounce_sequence,
      chargesApplied: event.charges_applied,
      createdAt: now,
    })),
  );

/**
 * An operation's changed EMIs and its credit events in one statement (a money call pays for each
 * round trip to the database, so its writes go together).
 */
export const writeEmisAndEvents = async (
  tx: Executor,
  loan: { id: number; customerId: number },
  changed: readonly EmiWrite[],
  events: readonly CreditEvent[],
  now: Date,
) => {
  const parts: SQL[] = [];
  if (changed.length > 0) parts.push(sql`changed_emis as (${emiUpdate(loan.id, changed, now)})`);
  if (events.length > 0)
    parts.push(sql`new_events as (${creditEventsInsert(tx, loan, events, now).getSQL()})`);
  if (parts.length === 0) return;
  await tx.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
};

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

/** The instalment money collected on a loan so far, net of refunds (the recovery split's basis). */
const collectedInstalmentSql = (loanId: SQL | number) => sql`coalesce((
    select sum(case when g.kind = 'collected' then g.instalment else -g.instalment end)
    from loan_ledger g where g.loan_id = ${loanId} and g.kind in ('collected', 'refund')), 0)`;

/** The loan's terms and the instalment money collected on it so far, net of refunds (for the recovery split). */
const recoveryBasisOf = async (tx: Executor, loanId: number): Promise<RecoveryBasis> => {
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

/**
 * A locked loan's EMIs in order, with the instalment money collected on it so far, read in one
 * statement after the lock (a second only for a loan without EMIs): the recovery split's basis comes
 * with the state.
 */
export const listEmisAndCollected = async (
  db: Executor,
  loanId: number,
): Promise<{ rows: EmiRow[]; collectedInstalment: number }> => {
  const found = await db
    .select({ emi: emis, collected: sql<string>`${collectedInstalmentSql(loanId)}::text` })
    .from(emis)
    .where(eq(emis.loanId, loanId))
    .orderBy(asc(emis.emiNumber));
  const collected = found[0]?.collected ?? (await recoveryBasisOf(db, loanId)).collectedBefore;
  return { rows: found.map((row) => row.emi), collectedInstalment: Number(collected) };
};

const movesCash = (entries: readonly LedgerEntry[]) =>
  entries.some((entry) => entry.kind === 'collected' || entry.kind === 'refund');

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
    from jsonb_to_recordset(${json(rows)}) as x(
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
  const basis = movesCash(entries) ? (known ?? (await recoveryBasisOf(tx, loanId))) : null;
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

/** A stored ledger row as the lending rules read it. */

/** The ledger rows a payment wrote (they name it), in order. */
export const ledgerOfPayment = async (db: Executor, paymentId: number): Promise<LedgerEntry[]> =>
  (
    await db.select().from(loanLedger).where(eq(loanLedger.paymentId, paymentId)).orderBy(asc(loanLedger.id))
  ).map(toLedgerEntry);

export const insertCreditEvents = async (
  tx: Executor,
  loan: { id: number; customerId: number },
  events: readonly CreditEvent[],
  now: Date,
) => {
  if (events.length === 0) return;
  await creditEventsInsert(tx, loan, events, now);
};

/** Clears a loan's credit events (its schedule was rewritten); answers how many there were. */
export const deleteCreditEvents = async (tx: Executor, loanId: number): Promise<number> => {
  const deleted = await tx
    .delete(creditEvents)
    .where(eq(creditEvents.loanId, loanId))
    .returning({ id: creditEvents.id });
  return deleted.length;
};

/** The latest schedule rewrite that moved collected money into credit held: its day, moment and actor. */
export const latestCreditSource = async (
  db: Executor,
  loanId: number,
): Promise<{ businessDate: string | null; at: Date; byName: string | null } | null> => {
  const [row] = await db
    .select({ businessDate: loanLedger.businessDate, at: loanLedger.createdAt, byName: users.name })
    .from(loanLedger)
    .leftJoin(users, eq(users.id, loanLedger.actorId))
    .where(and(eq(loanLedger.loanId, loanId), eq(loanLedger.kind, 'credit')))
    .orderBy(desc(loanLedger.id))
    .limit(1);
  return row ?? null;
};
