import {
  isTerminalLoanStatus,
  type LoanStatus,
  loanMessages,
  rescheduleLoan,
  type TLoanView,
  type TUpdateLoanRequest,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import type { UploadedFile } from '../../platform/storage/multipart';
import { withLoanImage } from './form';
import { loadLoanState } from './lending-store';
import { LOAN_NOT_FOUND, lendingError, mayEditInto } from './policy';
import { toLoanView } from './presenter';
import { findLoanWithPeople, type LoanRow, lockLoan, updateLoan } from './repository';
import {
  appendLedger,
  deleteCreditEvents,
  deleteEmis,
  insertSchedule,
  listLedger,
} from './schedule-repository';
import { assertCustomer, changesSchedule, type LoanTerms, termColumns, termsOf } from './terms';

export const STATUS_NEEDS_FORECLOSURE =
  'A loan is closed or defaulted through Foreclose Loan (or closes itself when fully paid), not by editing its status';

/** What rewriting a schedule did, for the answer and the audit row. */
type Reset = { reversal_rows: number; credit_events_cleared: number; emis: number };

/**
 * Rewrites a locked loan's schedule: every EMI new and pending, the old ledger's net
 * position reversed (never deleted), late charges gone with the old EMIs, credit events cleared.
 */
const rewriteSchedule = async (
  tx: Executor,
  loan: LoanRow,
  terms: LoanTerms,
  actorId: number,
  now: Date,
): Promise<Reset> => {
  const { state } = await loadLoanState(tx, loan);
  const history = await listLedger(tx, loan.id);
  const outcome = rescheduleLoan(state, history, {
    startDate: terms.startDate,
    perDayEmiPaise: terms.perDayEmi,
    totalEmiDays: terms.totalEmiDays,
  });
  if (!outcome.ok) throw lendingError(outcome);
  await deleteEmis(tx, loan.id);
  await insertSchedule(tx, loan.id, outcome.state.emis, now);
  await appendLedger(tx, loan.id, actorId, outcome.entries, now);
  return {
    reversal_rows: outcome.entries.filter((entry) => entry.kind === 'reversal').length,
    credit_events_cleared: await deleteCreditEvents(tx, loan.id),
    emis: outcome.state.emis.length,
  };
};

const AUDITED: Record<string, keyof LoanRow> = {
  customer_id: 'customerId',
  loan_amount: 'loanAmount',
  per_day_emi: 'perDayEmi',
  total_emi_days: 'totalEmiDays',
  start_date: 'startDate',
  loan_reason: 'loanReason',
  payment_method: 'paymentMethod',
  received_by_image: 'receivedByImage',
  status: 'status',
};

const changedFields = (before: LoanRow, after: LoanRow) =>
  Object.entries(AUDITED)
    .filter(([, column]) => before[column] !== after[column])
    .map(([name]) => name);

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
        db.transaction(async (tx) => {
          const current = await lockLoan(tx, id);
          if (!current) throw notFound(LOAN_NOT_FOUND);
          if (isTerminalLoanStatus(current.status)) throw conflict('LOAN_TERMINAL', loanMessages.terminal);
          const status = input.status ?? (current.status as LoanStatus);
          if (!mayEditInto(current.status, status))
            throw conflict('LOAN_STATUS_NEEDS_FORECLOSURE', STATUS_NEEDS_FORECLOSURE);
          await assertCustomer(tx, terms.customerId, current.customerId);
          const rewrite = changesSchedule(current, terms)
            ? await rewriteSchedule(tx, current, terms, actor.id, now)
            : null;
          const imageKey = key ?? (removeImage ? null : current.receivedByImage);
          const updated = await updateLoan(tx, id, {
            ...termColumns(terms),
            status,
            receivedByImage: imageKey,
            updatedAt: now,
          });
          await writeAudit(tx, audit, {
            action: 'loan_updated',
            resourceType: 'loan',
            resourceId: id,
            metadata: { changed: changedFields(current, updated), schedule_reset: rewrite },
          });
          if (status !== current.status) {
            await writeAudit(tx, audit, {
              action: 'loan_status_changed',
              resourceType: 'loan',
              resourceId: id,
              metadata: { from: current.status, to: status },
            });
          }
          const replaced = current.receivedByImage !== imageKey ? current.receivedByImage : null;
          return { result: rewrite, replaced };
        }),
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
