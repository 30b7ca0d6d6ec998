import {
  type AppliedOperation,
  type CustomerScope,
  collectedAfter,
  type Emi,
  type LedgerEntry,
  type LoanState,
  loanScopeOf,
  type RecoveryBasis,
} from '@lending/domain';
import type { Tx } from '../../db/client';
import type { LoanRow } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { retryConflicts } from '../../platform/conflict-retry';
import type { AppDeps } from '../../platform/deps';
import { type Answer, runIdempotent } from '../../platform/idempotency';
import type { Caller } from '../../platform/idempotent-route';
import { assertCashDayOpen, cashDayClosed } from '../cash';
import { appendLedger, type LedgerLink } from './ledger-repository';
import type { LoanWithPeople } from './repository';
import { type EmiExtras, type LoadedLoan, loadLockedLoan, persistOutcome } from './store';

/** Who asks for a money call, from where, on which loan, under which Idempotency-Key. */
export type MoneyCall = Caller & {
  loanId: number;
  /** Whose loans the call may reach; the caller's own (`loanScopeOf`) when absent. */
  scope?: CustomerScope;
  /**
   * The call may move the caller's cash (`checkCashDay`): their cash day is read, and its lock
   * taken, with the loan's lock, one round trip fewer on the payment path.
   */
  movesCash?: boolean;
};

/** What a money call works with: its transaction, the locked loan (with its people) and the clock. */
export type MoneyContext = {
  tx: Tx;
  call: MoneyCall;
  loaded: LoadedLoan;
  people: LoanWithPeople;
  now: Date;
  today: string;
  /** Set by storeOutcome when the operation closed the loan by settling its last EMI. */
  closedLoan?: boolean;
  /** The loan's state as the last storeOutcome left it in the database. */
  storedState?: LoanState;
  /** Ledger rows stored operations produced, waiting for bookLedger to link and write them. */
  pending: LedgerEntry[];
  /** The loan's instalment money collected so far, moved on by each booking of the call. */
  collectedInstalment: number;
  /** The caller's cash day once read (its lock is then held until the call ends); null until then. */
  cashDayOpen: boolean | null;
};

/**
 * The frame of every money call: one transaction; the Idempotency-Key claimed first; the loan looked
 * up within the call's scope (404 outside it) and locked FOR UPDATE, so changes of one loan run one
 * after the other and each sees the last one's result; then `work`. Anything thrown rolls everything
 * back, the key's claim included; a deadlock runs it all again (`retryConflicts`).
 */
export const runMoneyCall = <T>(
  deps: AppDeps,
  call: MoneyCall,
  work: (context: MoneyContext) => Promise<T>,
): Promise<Answer<T>> => {
  // One moment for the call, however many times a deadlock runs it.
  const now = deps.clock.now();
  const today = deps.clock.today();
  const clock = { now: () => now, today: () => today };
  return retryConflicts(() =>
    deps.db.transaction((tx) =>
      runIdempotent(tx, call.actor.id, call.claim, async () => ({
        status: 200,
        body: await runMoneyCallIn({ clock }, tx, call, work),
      })),
    ),
  );
};

/**
 * The frame on a transaction the caller already holds and owns (an import's commit, which pays its
 * collection rows in the import's one transaction): the loan locked FOR UPDATE within the call's scope,
 * `work`, every ledger row booked and linked to its audit row, the `loan_closed` row when the work
 * closed the loan. No Idempotency-Key and no retry here: the caller keys its own work (an imported
 * collection claims its row's key first) and reruns its whole transaction after a deadlock.
 */
export const runMoneyCallIn = async <T>(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  call: MoneyCall,
  work: (context: MoneyContext) => Promise<T>,
): Promise<T> => {
  const now = deps.clock.now();
  const today = deps.clock.today();
  const scope = call.scope ?? loanScopeOf(call.actor);
  const cashDay = call.movesCash ? { collectorId: call.actor.id, day: today } : undefined;
  const { people, cashDayOpen, ...loaded } = await loadLockedLoan(tx, call.loanId, scope, cashDay);
  const context: MoneyContext = {
    ...{ tx, call, loaded, people, now, today, pending: [], cashDayOpen },
    collectedInstalment: loaded.collectedInstalment,
  };
  const body = await work(context);
  // Every money change lands with its ledger rows linked to their audit row: none may be left out.
  if (context.pending.length > 0) throw new Error('a money call left ledger rows unbooked');
  if (context.closedLoan) {
    await writeAudit(tx, call.audit, {
      action: 'loan_closed',
      resourceType: 'loan',
      resourceId: loaded.loan.id,
      metadata: { reason: 'every EMI settled', from: loaded.loan.status },
    });
  }
  return body;
};

/**
 * The caller's cash day must still be open for the cash this call moves (409 CASH_DAY_CLOSED, docs/cash.md).
 * Its shared lock then keeps a close out until the call commits, so it is asked once a call (with
 * the loan's lock when the call said it `movesCash`).
 */
export const checkCashDay = async (context: MoneyContext): Promise<void> => {
  if (context.cashDayOpen === false) throw cashDayClosed(context.today);
  if (context.cashDayOpen) return;
  await assertCashDayOpen(context.tx, context.call.actor.id, context.today);
  context.cashDayOpen = true;
};

/** How `storeOutcome` stores an operation beyond its EMIs, credit events and status. */
export type StoreOptions = {
  /** Books the ledger rows now, under an audit row already written; else they wait for bookLedger. */
  book?: Pick<LedgerLink, 'auditId' | 'paymentMode'>;
  /** What the database keeps beside an EMI's state (a foreclosure's figures). */
  extras?: (emi: Emi) => EmiExtras;
  /** The operation closes the loan by its own decision and audit row (a foreclosure): no `loan_closed` row. */
  closesLoan?: boolean;
};

/**
 * Stores an accepted operation (EMIs, credit events, loan status); its ledger rows wait in the
 * context until `bookLedger` writes them with the audit row (and payment record) they belong to, unless
 * `book` links them now. When it left nothing open so that the loan closed itself, runMoneyCall writes
 * a `loan_closed` audit row after the operation's own.
 */
export const storeOutcome = async (
  context: MoneyContext,
  outcome: AppliedOperation,
  options: StoreOptions = {},
): Promise<LoanRow> => {
  const { tx, loaded, call, now } = context;
  context.pending.push(...outcome.entries);
  const ledger = options.book ? takeLedger(context, options.book, outcome.entries) : null;
  const loan = await persistOutcome(tx, loaded, outcome, {
    actorId: call.actor.id,
    now,
    ledger: ledger?.link ?? 'deferred',
    basis: ledger?.basis,
    extras: options.extras,
  });
  context.storedState = outcome.state;
  if (!options.closesLoan && loan.status === 'closed' && loaded.loan.status !== 'closed')
    context.closedLoan = true;
  return loan;
};

/**
 * Takes the waiting ledger rows among `entries` (all of them when absent) off the waiting list to be
 * booked now, with the link they get (business day, caller) and the recovery basis of their cash rows.
 */
export const takeLedger = (
  context: MoneyContext,
  link: Pick<LedgerLink, 'auditId' | 'paymentId' | 'paymentMode'>,
  entries: readonly LedgerEntry[] = context.pending,
): { rows: LedgerEntry[]; link: LedgerLink; basis: RecoveryBasis } => {
  const booked = new Set(entries);
  const rows = context.pending.filter((entry) => booked.has(entry));
  context.pending = context.pending.filter((entry) => !booked.has(entry));
  const { loan } = context.loaded;
  const basis = {
    loanAmount: loan.loanAmount,
    totalRepayable: loan.totalRepayable,
    collectedBefore: context.collectedInstalment,
  };
  context.collectedInstalment = collectedAfter(context.collectedInstalment, rows);
  return {
    rows,
    link: { ...link, actorId: context.call.actor.id, now: context.now, businessDate: context.today },
    basis,
  };
};

/**
 * Writes waiting ledger rows (`entries`, or all of them) on the business day, by the caller, linked
 * to the audit row written in this transaction and, for a payment, to its record and mode.
 */
export const bookLedger = async (
  context: MoneyContext,
  link: Pick<LedgerLink, 'auditId' | 'paymentId' | 'paymentMode'>,
  entries: readonly LedgerEntry[] = context.pending,
): Promise<void> => {
  const taken = takeLedger(context, link, entries);
  await appendLedger(context.tx, context.call.loanId, taken.rows, taken.link, taken.basis);
};
