import {
  type CollectionCalendar,
  isTerminalLoanStatus,
  type LedgerEntry,
  type LoanStatus,
  loanMessages,
  rescheduleLoan,
  type TLoanView,
  type TUpdateLoanRequest,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import { retryConflicts } from '../../platform/conflict-retry';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import type { UploadedFile } from '../../platform/storage/multipart';
import { queueLoanWelcome } from '../messages';
import { appendLedger, LOAN_NOT_FOUND, lendingError, listLedger, loadLoanState, updateLoan } from '../money';
import { changesCalendar, editedLoanCalendar } from './calendar';
import { withLoanImage } from './form';
import { mayEditInto } from './policy';
import { toLoanView } from './presenter';
import { findLoanWithPeople, type LoanRow, lockLoan } from './repository';
import { deleteCreditEvents, deleteEmis, insertSchedule, scheduleOutline } from './schedule-repository';
import { assertCustomer, changesSchedule, type LoanTerms, termColumns, termsOf } from './terms';

export const STATUS_NEEDS_FORECLOSURE =
  'A loan is closed or defaulted through Foreclose Loan (or closes itself when fully paid), not by editing its status';

/** What rewriting a schedule did, for the answer and the audit row. */
type Reset = {
  reversal_rows: number;
  credit_events_cleared: number;
  emis: number;
  /** Collected money moved to the loan's credit held (paise). */
  credited_paise: number;
};

/**
 * Rewrites a locked loan's schedule: every EMI new and pending, the old schedule's net position
 * reversed (never deleted), what was collected moved to credit held, late charges gone with the old
 * EMIs, credit events cleared. Answers the ledger rows to book once the audit row exists.
 */
const rewriteSchedule = async (
  tx: Executor,
  loan: LoanRow,
  terms: LoanTerms,
  calendar: CollectionCalendar,
  now: Date,
): Promise<{ reset: Reset; entries: LedgerEntry[] }> => {
  const { state } = await loadLoanState(tx, loan);
  const history = await listLedger(tx, loan.id);
  const outcome = rescheduleLoan(state, history, {
    startDate: terms.startDate,
    perDayEmiPaise: terms.perDayEmi,
    totalEmiDays: terms.totalEmiDays,
    calendar,
  });
  if (!outcome.ok) throw lendingError(outcome);
  await deleteEmis(tx, loan.id);
  await insertSchedule(tx, loan.id, outcome.state.emis, now);
  const reset = {
    reversal_rows: outcome.entries.filter((entry) => entry.kind === 'reversal').length,
    credit_events_cleared: await deleteCreditEvents(tx, loan.id),
    emis: outcome.state.emis.length,
    credited_paise: outcome.credited,
  };
  return { reset, entries: outcome.entries };
};

const AUDITED: Record<string, keyof LoanRow> = {
  customer_id: 'customerId',
  loan_amount: 'loanAmount',
  per_day_emi: 'perDayEmi',
  total_emi_days: 'totalEmiDays',
  start_date: 'startDate',
  product_id: 'productId',
  loan_reason: 'loanReason',
  payment_method: 'paymentMethod',
  received_by_image: 'receivedByImage',
  status: 'status',
};

const changedFields = (before: LoanRow, after: LoanRow) =>
  Object.entries(AUDITED)
    .filter(([, column]) => before[column] !== after[column])
    .map(([name]) => name);

/** The approved loan's welcome with its schedule, to the borrower in the day window (docs/messages.md). */
const welcomeBorrower = async (tx: Executor, loanId: number, now: Date) => {
  const people = await findLoanWithPeople(tx, loanId);
  const outline = await scheduleOutline(tx, loanId);
  if (!people || !outline) return;
  const { loan } = people;
  await queueLoanWelcome(tx, {
    customerId: loan.customerId,
    customerName: people.customerName,
    loanId,
    loanCode: loan.loanCode,
    amountPaise: loan.loanAmount,
    emiPaise: loan.perDayEmi,
    emiCount: outline.emiCount,
    firstDueOn: outline.firstDueOn,
    now,
  });
};

/** PUT /loans/{id} (admins): the form's fields, an optional new image, and the status. */
export const createLoanUpdating = (deps: AppDeps) => {
  const { db, clock, storage, signer } = deps;
  return {
    async update(
      actor: AuthUser,
      id: number,
      input: TUpdateLoanRequest,
      image: UploadedFile | undefined,
      audit: Actor,
    ): Promise<{ loan: TLoanView; scheduleReset: boolean; message: string }> {
      const terms = termsOf(input);
      const removeImage = input.remove_received_by_image === '1' || input.remove_received_by_image === 'true';
      const now = clock.now();
      const reset = await withLoanImage(storage, image, (key) =>
        retryConflicts(() =>
          db.transaction(async (tx) => {
            const current = await lockLoan(tx, id);
            if (!current) throw notFound(LOAN_NOT_FOUND);
            if (isTerminalLoanStatus(current.status)) throw conflict('LOAN_TERMINAL', loanMessages.terminal);
            const status = input.status ?? (current.status as LoanStatus);
            if (!mayEditInto(current.status, status))
              throw conflict('LOAN_STATUS_NEEDS_FORECLOSURE', STATUS_NEEDS_FORECLOSURE);
            await assertCustomer(tx, terms.customerId, current.customerId);
            const next = await editedLoanCalendar(tx, current, terms, input.product_id);
            const rewrite =
              changesSchedule(current, terms) || changesCalendar(current, next.columns)
                ? await rewriteSchedule(tx, current, terms, next.calendar, now)
                : null;
            const imageKey = key ?? (removeImage ? null : current.receivedByImage);
            const updated = await updateLoan(tx, id, {
              ...termColumns(terms),
              // An edit that leaves the schedule as it is leaves its calendar too (its end and skipped days).
              ...(rewrite ? next.columns : { endDate: current.endDate }),
              status,
              receivedByImage: imageKey,
              updatedAt: now,
            });
            const auditId = await writeAudit(tx, audit, {
              action: 'loan_updated',
              resourceType: 'loan',
              resourceId: id,
              metadata: { changed: changedFields(current, updated), schedule_reset: rewrite?.reset ?? null },
            });
            if (rewrite)
              await appendLedger(tx, id, rewrite.entries, {
                actorId: actor.id,
                now,
                businessDate: clock.today(),
                auditId,
              });
            if (status !== current.status) {
              await writeAudit(tx, audit, {
                action: 'loan_status_changed',
                resourceType: 'loan',
                resourceId: id,
                metadata: { from: current.status, to: status },
              });
              if (status === 'approved') await welcomeBorrower(tx, id, now);
            }
            const replaced = current.receivedByImage !== imageKey ? current.receivedByImage : null;
            return { result: rewrite?.reset ?? null, replaced };
          }),
        ),
      );
      const row = await findLoanWithPeople(db, id);
      if (!row) throw notFound(LOAN_NOT_FOUND);
      return {
        loan: toLoanView(row, signer, clock.now().getTime()),
        scheduleReset: reset !== null,
        message: reset ? loanMessages.updatedWithReset : loanMessages.updated,
      };
    },
  };
};
