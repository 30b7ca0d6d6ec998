import {
  creditHeldOf,
  foreclose,
  foreclosureSummary,
  type LoanStatus,
  loanMessages,
  paiseToRupees,
  rupeesToPaise,
  type TForecloseRequest,
  type TForeclosureDetails,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import { type Actor, writeAudit } from '../../platform/audit';
import { retryConflicts } from '../../platform/conflict-retry';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import { type Answer, type IdempotencyClaim, runIdempotent } from '../../platform/idempotency';
import { assertCashDayOpen } from '../cash';
import { loadLoanState, persistOutcome } from './lending-store';
import { LOAN_NOT_FOUND, lendingError } from './policy';
import { foreclosureOf, toDomainEmi } from './presenter';
import { findVisibleLoan } from './query-service';
import { lockLoan, updateLoan } from './repository';
import { listEmis, listLedger } from './schedule-repository';

export const ONLY_APPROVED_FORECLOSE = 'Only approved loans can be foreclosed';

/** Foreclosing approved loans (docs/lending-rules.md "Foreclosure") and the foreclosure details view. */
export const createLoanForeclosure = (deps: AppDeps) => {
  const { db, clock } = deps;
  return {
    /**
     * POST /loans/{id}/foreclose (admins): one transaction under the loan's row lock; open EMIs become
     * `foreclosed` with their share of what was collected, the loan `closed` (full, full_and_final)
     * or `default` (settlement), the shortfall written off in the ledger.
     */
    async foreclose(
      actor: AuthUser,
      id: number,
      input: TForecloseRequest,
      audit: Actor,
      claim: IdempotencyClaim | null,
    ): Promise<Answer<{ message: string }>> {
      const amount =
        input.foreclosure_type === 'full' || input.settlement_amount === undefined
          ? null
          : rupeesToPaise(input.settlement_amount);
      const now = clock.now();
      const today = clock.today();
      return retryConflicts(() =>
        db.transaction((tx) =>
          runIdempotent(tx, actor.id, claim, async () => {
            const loan = await lockLoan(tx, id);
            if (!loan) throw notFound(LOAN_NOT_FOUND);
            if (loan.status !== 'approved') throw conflict('LOAN_NOT_APPROVED', ONLY_APPROVED_FORECLOSE);
            const loaded = await loadLoanState(tx, loan);
            const credit = creditHeldOf(await listLedger(tx, id));
            const outcome = foreclose(loaded.state, { type: input.foreclosure_type, amount, credit });
            if (!outcome.ok) throw lendingError(outcome, 'settlement_amount');
            await assertCashDayOpen(tx, actor.id, today);
            const collectedOn = new Map<number, number>();
            for (const entry of outcome.entries) {
              if (entry.kind === 'collected' || entry.kind === 'credit_applied')
                collectedOn.set(entry.emi_number, (collectedOn.get(entry.emi_number) ?? 0) + entry.amount);
            }
            const before = new Map(loaded.state.emis.map((emi) => [emi.emi_number, emi.status]));
            const auditId = await writeAudit(tx, audit, {
              action: 'loan_foreclosed',
              resourceType: 'loan',
              resourceId: id,
              metadata: {
                foreclosure_type: input.foreclosure_type,
                collected_paise: outcome.collected,
                credit_applied_paise: outcome.creditApplied,
                written_off_paise: outcome.writtenOff,
                premium_paise: outcome.premium,
                payment_mode: input.payment_mode,
                status: outcome.state.status,
                reason: input.reason,
              },
            });
            // The foreclosure's rows are referenced by its audit row; its cash is collection of today.
            await persistOutcome(tx, loaded, outcome, {
              actorId: actor.id,
              now,
              ledger: { businessDate: today, auditId, paymentMode: input.payment_mode },
              extras: (emi) =>
                emi.status === 'foreclosed' && before.get(emi.emi_number) !== 'foreclosed'
                  ? { foreclosure_amount: collectedOn.get(emi.emi_number) ?? 0, foreclosure_date: today }
                  : {},
            });
            await updateLoan(tx, id, {
              foreclosureType: input.foreclosure_type,
              foreclosureAmount: outcome.collected,
              foreclosureRemainingAmount: outcome.writtenOff,
              foreclosureDate: today,
              foreclosureReason: input.reason,
              foreclosureNotes: input.notes ?? null,
              foreclosedBy: actor.id,
              updatedAt: now,
            });
            return { status: 200, body: { message: loanMessages.foreclosed } };
          }),
        ),
      );
    },

    /**
     * GET /loans/{id}/foreclosure: before a foreclosure, what it would settle now (the suggested
     * amount); after one, what it settled (the EMIs it foreclosed) and its recorded figures.
     */
    async details(actor: AuthUser, id: number): Promise<TForeclosureDetails> {
      const row = await findVisibleLoan(db, actor, id);
      const { loan } = row;
      const emis = (await listEmis(db, id)).map(toDomainEmi);
      const status = loan.status as LoanStatus;
      // After a foreclosure its EMIs are no longer open: read them as they were when it settled them.
      const credit = creditHeldOf(await listLedger(db, id));
      const summary =
        loan.foreclosureType === null
          ? foreclosureSummary({ status, emis }, credit)
          : foreclosureSummary({
              status,
              emis: emis
                .filter((emi) => emi.status === 'foreclosed')
                .map((emi) => ({ ...emi, status: 'pending' })),
            });
      return {
        loan_id: loan.id,
        loan_code: loan.loanCode,
        status,
        pendingEmis: summary.pendingEmis,
        totalEmiAmount: paiseToRupees(summary.totalEmiAmount),
        totalLateCharges: paiseToRupees(summary.totalLateCharges),
        creditApplied: paiseToRupees(summary.creditApplied),
        totalPendingAmount: paiseToRupees(summary.totalPendingAmount),
        ...foreclosureOf(row),
      };
    },
  };
};
