import {
  addDays,
  classChangeReason,
  classifyLoans,
  daysBetween,
  type IsoDate,
  istDateOf,
  type LoanClass,
  type LoanClassification,
} from '@lending/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queueDayEndMessages } from '../messages';
import { catchUpFully, loanRiskOnDay, projectionOf } from '../read-model';
import {
  type ChangeLine,
  type ClassTotalLine,
  findClose,
  lastClosedDay,
  markCloseFailed,
  markCloseRunning,
  type RegisterLine,
  registerOf,
  writeClose,
} from './repository';

/** Who runs a close: the job and, when a person asked for it, who. */
export type CloseRun = { jobId: number | null; startedBy: number | null; now: () => Date };

/** What one day's close did. */
export type ClosedDay = { day: IsoDate; loans: number; changes: number; ms: number };

const STANDARD = { loanClass: 'standard', ownClass: 'standard' } as const;

/** Totals per agent (0: none) and class, standard included. */
const totalsOf = (
  lines: { agentKey: number; loanClass: LoanClass; outstanding: number }[],
): ClassTotalLine[] => {
  const totals = new Map<string, ClassTotalLine>();
  for (const { agentKey, loanClass, outstanding } of lines) {
    const key = `${agentKey}:${loanClass}`;
    const total = totals.get(key) ?? { agent_key: agentKey, loan_class: loanClass, loans: 0, outstanding: 0 };
    total.loans += 1;
    total.outstanding += outstanding;
    totals.set(key, total);
  }
  return [...totals.values()];
};

/**
 * Closes business day `day` (docs/classification.md): every loan in the book at the end of that day
 * by its days past due (the portfolio's definition: payments applied to the oldest instalments first,
 * so a past day reads as it stood), its own class the day before, and the borrower rule. One
 * transaction: the register and totals of the day, and a change row for each loan whose classes moved
 * since the close before (none before: every loan was standard).
 */
export const closeBusinessDay = async (db: Db, day: IsoDate, run: CloseRun): Promise<ClosedDay> => {
  const started = Date.now();
  // The loans' money totals trail the ledger by a moment: fold in every row committed so far.
  await catchUpFully(db, projectionOf('loan-money-totals'), 10 * 60_000);
  await markCloseRunning(db, { day, jobId: run.jobId, startedBy: run.startedBy, now: run.now() });
  try {
    const outcome = await db.transaction(async (tx) => {
      // One close at a time: a re-run and the schedule never interleave their days.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('day-end-close'))`);
      await tx.execute(sql`set local jit = off`);
      const before = await lastClosedDay(tx, day);
      const previous = before ? await registerOf(tx, before) : new Map();
      const book = await loanRiskOnDay(tx, day);
      const risk = new Map(book.map((loan) => [loan.loanId, loan]));
      const classified = classifyLoans(
        book.map((loan) => ({
          loanId: loan.loanId,
          customerId: loan.customerId,
          daysPastDue: loan.daysOverdue,
          previousOwn: previous.get(loan.loanId)?.ownClass ?? 'standard',
        })),
      );
      const register: RegisterLine[] = [];
      const changes: ChangeLine[] = [];
      const lines = classified.map((loan: LoanClassification) => {
        const position = risk.get(loan.loanId);
        const agentKey = position?.agentId ?? 0;
        const outstanding = position?.outstanding ?? 0;
        const was = previous.get(loan.loanId) ?? STANDARD;
        const reason = classChangeReason(was, loan);
        if (reason)
          changes.push({
            loan_id: loan.loanId,
            from_class: was.loanClass,
            to_class: loan.loanClass,
            from_own: was.ownClass,
            to_own: loan.ownClass,
            days_past_due: loan.daysPastDue,
            reason,
          });
        if (loan.loanClass !== 'standard')
          register.push({
            loan_id: loan.loanId,
            customer_id: loan.customerId,
            agent_key: agentKey,
            loan_class: loan.loanClass,
            own_class: loan.ownClass,
            previous_class: was.loanClass,
            by_borrower: loan.byBorrower,
            days_past_due: loan.daysPastDue,
            since: was.loanClass === loan.loanClass && 'since' in was ? was.since : day,
            outstanding,
            arrears: position?.arrears ?? 0,
          });
        return { agentKey, loanClass: loan.loanClass, outstanding };
      });
      await writeClose(tx, {
        day,
        now: run.now(),
        loans: book.length,
        register,
        totals: totalsOf(lines),
        changes,
      });
      // The borrowers' reminders and overdue notices land with the close that found them.
      const messages = await queueDayEndMessages(tx, { day, today: istDateOf(run.now()), now: run.now() });
      return { loans: book.length, changes: changes.length, ...messages };
    });
    return { day, ...outcome, ms: Date.now() - started };
  } catch (error) {
    await markCloseFailed(db, day, error instanceof Error ? error.message : String(error), run.now());
    throw error;
  }
};

/** What a close job is asked: the schedule's catch-up up to `through`, or a person's close of `from`. */
export type ClosePlan = { from: IsoDate | null; through: IsoDate };

const daysFrom = (from: IsoDate, through: IsoDate): IsoDate[] =>
  Array.from({ length: Math.max(0, daysBetween(from, through) + 1) }, (_, i) => addDays(from, i));

/**
 * The days a close job closes, oldest first. The schedule: every day after the last closed one up to
 * `through` (only `through` before any close). A person's close of `from`: that day, then every day
 * closed after it, since each day's classes start from the day before's. Days this same job already
 * closed (an earlier attempt of it) are left out, so a retry carries on where it stopped.
 */
export const daysToClose = async (db: Db, plan: ClosePlan, jobId: number | null): Promise<IsoDate[]> => {
  const last = await lastClosedDay(db);
  const first = plan.from ?? (last ? addDays(last, 1) : plan.through);
  const through = plan.from && last && last > plan.through ? last : plan.through;
  const days = daysFrom(first, through);
  const todo: IsoDate[] = [];
  for (const day of days) {
    const close = await findClose(db, day);
    if (close?.status === 'succeeded' && jobId !== null && close.jobId === jobId) continue;
    if (close?.status === 'succeeded' && plan.from === null) continue;
    todo.push(day);
  }
  return todo;
};
