import {
  type AppliedOperation,
  COLLECTED_AT_MESSAGE,
  collectedAfter,
  isCollectedAtInBounds,
  type LedgerEntry,
  type LendingRefusal,
  type LendingRefusalCode,
  type LoanState,
  loanScopeOf,
  type RecoveryBasis,
} from '@lending/domain';
import type { Tx } from '../../db/client';
import type { LoanRow } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { retryConflicts } from '../../platform/conflict-retry';
import type { AppDeps } from '../../platform/deps';
import { type AppError, badRequest } from '../../platform/errors';
import { type Answer, runIdempotent } from '../../platform/idempotency';
import type { Caller } from '../../platform/idempotent-route';
import {
  appendLedger,
  type LedgerLink,
  type LoadedLoan,
  type LoanWithPeople,
  lendingError,
  loadLockedLoan,
  persistOutcome,
} from '../loans';

/** Who asks for a money call, from where, on which loan, under which Idempotency-Key. */
export type MoneyCall = Caller & { loanId: number };

/** What a money call works with: its transaction, the locked loan (with its people) and the clock. */
export type MoneyContext = {
  tx: Tx;
  call: MoneyCall;
  loaded: LoadedLoan;
  people: LoanWithPeople;
  now: Date;
  today: string;
  /** Set by storeOutcome when the operation closed the loan. */
  closedLoan?: boolean;
  /** The loan's state as the last storeOutcome left it in the database. */
  storedState?: LoanState;
  /** Ledger rows stored operations produced, waiting for bookLedger to link and write them. */
  pending: LedgerEntry[];
  /** The loan's instalment money collected so far, moved on by each booking of the call. */
  collectedInstalment: number;
};

/**
 * The frame of every change of a loan's EMIs: one transaction; the Idempotency-Key claimed first;
 * the loan looked up within the caller's scope (404 outside it) and locked FOR UPDATE, so changes of
 * one loan run one after the other and each sees the last one's result; then `work`. Anything thrown
 * rolls everything back, the key's claim included; a deadlock runs it all again (`retryConflicts`).
 */
export const runMoneyCall = <T>(
  deps: AppDeps,
  call: MoneyCall,
  work: (context: MoneyContext) => Promise<T>,
): Promise<Answer<T>> => {
  const now = deps.clock.now();
  const today = deps.clock.today();
  return retryConflicts(() =>
    deps.db.transaction((tx) =>
      runIdempotent(tx, call.actor.id, call.claim, async () => {
        const { people, ...loaded } = await loadLockedLoan(tx, call.loanId, loanScopeOf(call.actor));
        const context: MoneyContext = {
          ...{ tx, call, loaded, people, now, today, pending: [] },
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
        return { status: 200, body };
      }),
    ),
  );
};

/**
 * Stores an accepted operation (EMIs, credit events, loan status); its ledger rows wait in the
 * context until `bookLedger` writes them with the audit row (and payment record) they belong to. When
 * it left nothing open so that the loan closed itself, runMoneyCall writes a `loan_closed` audit row
 * after the operation's own.
 */
export const storeOutcome = async (context: MoneyContext, outcome: AppliedOperation): Promise<LoanRow> => {
  const { tx, loaded, call, now } = context;
  const loan = await persistOutcome(tx, loaded, outcome, { actorId: call.actor.id, now, ledger: 'deferred' });
  context.pending.push(...outcome.entries);
  context.storedState = outcome.state;
  if (loan.status === 'closed' && loaded.loan.status !== 'closed') context.closedLoan = true;
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

/** A refusal of the lending rules as the API's error, naming the field a 400 is about. */
export const refusalError = (
  refusal: LendingRefusal,
  params: Partial<Record<LendingRefusalCode, string>> = {},
): AppError => lendingError(refusal, params[refusal.code]);

/** `loan_id` / `emi_number` sent in a body must be the ones in the path. */
export const assertBodyMatchesPath = (
  body: { loan_id?: number; emi_number?: number },
  path: { loanId: number; emiNumber: number },
) => {
  if (body.loan_id !== undefined && body.loan_id !== path.loanId)
    throw badRequest('BODY_PATH_MISMATCH', 'loan_id does not match the loan in the URL', [
      { param: 'loan_id', msg: 'loan_id does not match the loan in the URL' },
    ]);
  if (body.emi_number !== undefined && body.emi_number !== path.emiNumber)
    throw badRequest('BODY_PATH_MISMATCH', 'emi_number does not match the EMI in the URL', [
      { param: 'emi_number', msg: 'emi_number does not match the EMI in the URL' },
    ]);
};

/**
 * The phone's collection time sent with a collection made offline, checked against the server's
 * clock (not in the future beyond a small skew, at most seven days old), else 400 naming the field.
 */
export const collectedAtOf = (collectedAt: string | undefined, now: Date): Date | null => {
  if (collectedAt === undefined) return null;
  const at = new Date(collectedAt);
  if (!isCollectedAtInBounds(at, now))
    throw badRequest('COLLECTED_AT_OUT_OF_RANGE', COLLECTED_AT_MESSAGE, [
      { param: 'collected_at', msg: COLLECTED_AT_MESSAGE },
    ]);
  return at;
};
