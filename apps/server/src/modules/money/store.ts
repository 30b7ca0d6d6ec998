import type {
  AppliedOperation,
  CustomerScope,
  Emi,
  LoanState,
  LoanStatus,
  RecoveryBasis,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import type { EmiRow, LoanRow } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { appendLedger, type LedgerLink } from './ledger-repository';
import { LOAN_NOT_FOUND } from './refusals';
import {
  type CollectorDay,
  type EmiWrite,
  type LoanWithPeople,
  listEmisAndCollected,
  lockLoanWithPeople,
  updateLoan,
  writeEmisAndEvents,
} from './repository';
import { toDomainEmi } from './rows';

/**
 * A locked loan's EMIs, as rows and as the lending rules' state, with the instalment money collected
 * on it when they were read: the basis of the interest share of the cash it collects next.
 */
export type LoadedLoan = { loan: LoanRow; rows: EmiRow[]; state: LoanState; collectedInstalment: number };

/** Reads the EMIs of a loan the caller has locked into the lending rules' state. */
export const loadLoanState = async (tx: Executor, loan: LoanRow): Promise<LoadedLoan> => {
  const { rows, collectedInstalment } = await listEmisAndCollected(tx, loan.id);
  return {
    loan,
    rows,
    state: { status: loan.status as LoanStatus, emis: rows.map(toDomainEmi) },
    collectedInstalment,
  };
};

/**
 * A loan locked for a change, with its people and its EMIs as the lending rules' state; with whether
 * the collector's day named at the lock is open (null when none was named).
 */
export type LockedLoan = LoadedLoan & { people: LoanWithPeople; cashDayOpen: boolean | null };

/**
 * The first step of every change of a loan's EMIs, in the caller's transaction: the loan looked up
 * within `scope` (404 outside it, as for a loan that does not exist), then locked FOR UPDATE, so
 * changes of one loan run one after the other and each sees the last one's result. A call that may
 * move a collector's cash names their day: its lock is taken and its state read in the same statement.
 */
export const loadLockedLoan = async (
  tx: Executor,
  loanId: number,
  scope: CustomerScope,
  cashDay?: CollectorDay,
): Promise<LockedLoan> => {
  const found = await lockLoanWithPeople(tx, loanId, scope, cashDay);
  if (!found) throw notFound(LOAN_NOT_FOUND);
  const { cashDayOpen, ...people } = found;
  return { ...(await loadLoanState(tx, people.loan)), people, cashDayOpen };
};

const DOMAIN_FIELDS = [
  'late_charge',
  'carried_instalment',
  'status',
  'payment_type',
  'paid_on',
  'partial_payment_amount',
  'remaining_balance',
  'bounce_count',
  'bounced_on',
  'bounced_reason',
  'bounce_status',
  'dues_with',
] as const satisfies readonly (keyof Emi)[];

/** What the database adds to an EMI's state on a write: moments, foreclosure figures. */
export type EmiExtras = Partial<Pick<EmiWrite, 'foreclosure_amount' | 'foreclosure_date'>>;

/** How `persistOutcome` stores an operation: who and when, where its ledger rows go, the EMIs' extras. */
export type PersistOptions = {
  actorId: number | null;
  now: Date;
  /** The rows' link, or 'deferred' when the caller books them once the records they name exist. */
  ledger: Omit<LedgerLink, 'actorId' | 'now'> | 'deferred';
  /** The recovery basis the caller keeps; read from the database when absent. */
  basis?: RecoveryBasis;
  extras?: (emi: Emi) => EmiExtras;
};

/**
 * Stores an accepted operation of the lending rules on a locked loan, in the caller's transaction:
 * the EMIs it changed and its credit events (one statement), its ledger rows unless deferred, and
 * the loan's status. A payment stamps `paid_at`, a bounce `bounced_at`, with `now`.
 */
export const persistOutcome = async (
  tx: Executor,
  loaded: LoadedLoan,
  outcome: AppliedOperation,
  options: PersistOptions,
): Promise<LoanRow> => {
  const { loan, rows } = loaded;
  const before = new Map(rows.map((row) => [row.emiNumber, row]));
  const changed: EmiWrite[] = [];
  for (const emi of outcome.state.emis) {
    const row = before.get(emi.emi_number);
    if (!row) throw new Error(`EMI ${emi.emi_number} is not on loan ${loan.id}`);
    const old = toDomainEmi(row);
    const extras = options.extras?.(emi) ?? {};
    const same =
      DOMAIN_FIELDS.every((field) => old[field] === emi[field]) && Object.keys(extras).length === 0;
    if (same) continue;
    changed.push({
      ...emi,
      paid_at: emi.paid_on !== null && old.paid_on !== emi.paid_on ? options.now : row.paidAt,
      bounced_at: emi.bounce_count > old.bounce_count ? options.now : row.bouncedAt,
      foreclosure_amount: extras.foreclosure_amount ?? row.foreclosureAmount,
      foreclosure_date: extras.foreclosure_date ?? row.foreclosureDate,
    });
  }
  await writeEmisAndEvents(tx, loan, changed, outcome.events, options.now);
  if (options.ledger !== 'deferred')
    await appendLedger(
      tx,
      loan.id,
      outcome.entries,
      { ...options.ledger, actorId: options.actorId, now: options.now },
      options.basis,
    );
  if (outcome.state.status === loan.status) return loan;
  return updateLoan(tx, loan.id, { status: outcome.state.status, updatedAt: options.now });
};
