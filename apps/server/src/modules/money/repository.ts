import type { CreditEvent, CustomerScope, Emi } from '@lending/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { customerScopeWhere, customers } from '../../db/customers';
import { creditEvents, type EmiRow, emis, type LoanRow, loans, users } from '../../db/schema';
import { cashDayOpenColumn } from '../cash';
import { collectedInstalmentSql, jsonRows, recoveryBasisOf } from './ledger-repository';

export type LoanChanges = Partial<
  Omit<typeof loans.$inferInsert, 'id' | 'loanNumber' | 'loanCode' | 'createdAt'>
>;

/** A loan with the people it names: its customer and whoever foreclosed it. */
export type LoanWithPeople = {
  loan: LoanRow;
  customerName: string;
  customerEmail: string;
  customerMobile: string | null;
  customerAddress: string | null;
  customerAgentId: number | null;
  foreclosedByName: string | null;
};

export const foreclosers = alias(users, 'foreclosed_by_user');

export const loanWithPeople = {
  loan: loans,
  customerName: customers.name,
  customerEmail: customers.email,
  customerMobile: customers.mobile,
  customerAddress: customers.address,
  customerAgentId: customers.agentId,
  foreclosedByName: foreclosers.name,
};

/** SELECT loans with their customer and foreclosing user joined (and `extra` columns); add where/order/limit. */
export const selectLoansWithPeople = <Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Executor,
  extra: Extra = {} as Extra,
) =>
  db
    .select({ ...loanWithPeople, ...extra })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .leftJoin(foreclosers, eq(foreclosers.id, loans.foreclosedBy));

/**
 * The loan within `scope` with its people, its row locked until the transaction ends, in one
 * statement: every change of a loan and its EMIs takes this lock first, so concurrent changes of one
 * loan run one after the other. A row that had to wait for the lock is read again as the holder left
 * it (the database re-checks a locked row), so the loan answered is the latest; only the loan is locked.
 */
export const lockLoanWithPeople = async (
  tx: Executor,
  id: number,
  scope: CustomerScope,
  cashDay?: CollectorDay,
): Promise<(LoanWithPeople & { cashDayOpen: boolean | null }) | null> => {
  const [row] = await selectLoansWithPeople(tx, {
    cashDayOpen: cashDay
      ? cashDayOpenColumn(cashDay.collectorId, cashDay.day)
      : sql<boolean | null>`null::boolean`,
  })
    .where(and(eq(loans.id, id), customerScopeWhere(scope)))
    .for('update', { of: loans })
    .limit(1);
  return row ?? null;
};

/** A collector's business day, whose cash a money call may move. */
export type CollectorDay = { collectorId: number; day: string };

export const updateLoan = async (tx: Executor, id: number, changes: LoanChanges): Promise<LoanRow> => {
  const [row] = await tx.update(loans).set(changes).where(eq(loans.id, id)).returning();
  if (!row) throw new Error(`update found no loan ${id}`);
  return row;
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

/** An EMI's new state as the lending rules left it, plus what only the database keeps. */
export type EmiWrite = Emi & {
  paid_at: Date | null;
  bounced_at: Date | null;
  foreclosure_amount: number | null;
  foreclosure_date: string | null;
};

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
    from jsonb_to_recordset(${jsonRows(changed)}) as x(
      emi_number integer, late_charge bigint, carried_instalment bigint, status text, payment_type text,
      paid_on date, paid_at timestamptz, partial_payment_amount bigint, remaining_balance bigint,
      bounce_count integer, bounced_on date, bounced_at timestamptz, bounced_reason text,
      bounce_status text, dues_with integer, foreclosure_amount bigint, foreclosure_date date)
    where e.loan_id = ${loanId} and e.emi_number = x.emi_number`;

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
