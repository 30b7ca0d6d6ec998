import {
  type CustomerScope,
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
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import { conflict } from '../../platform/errors';
import type { Answer } from '../../platform/idempotency';
import type { Caller } from '../../platform/idempotent-route';
import {
  checkCashDay,
  lendingError,
  listLedger,
  runMoneyCall,
  storeOutcome,
  toDomainEmi,
  updateLoan,
} from '../money';
import { foreclosureOf } from './presenter';
import { findVisibleLoan } from './query-service';
import { listEmis } from './schedule-repository';

/** Only admins foreclose (the route's access rule), on any loan: no caller's book narrows it. */
const EVERY_LOAN: CustomerScope = { kind: 'everyone' };

export const ONLY_APPROVED_FORECLOSE = 'Only approved loans can be foreclosed';

/** Foreclosing approved loans (docs/lending-rules.md "Foreclosure") and the foreclosure details view. */
export const createLoanForeclosure = (deps: AppDeps) => {
  const { db } = deps;
  return {
    /**
     * POST /loans/{id}/foreclose (admins): one money call (the money module's frame); open EMIs become
     * `foreclosed` with their share of what was collected, the loan `closed` (full, full_and_final)
     * or `default` (settlement), the shortfall written off in the ledger.
     */
    async foreclose(
      caller: Caller,
      id: number,
      input: TForecloseRequest,
    ): Promise<Answer<{ message: string }>> {
      const amount =
        input.foreclosure_type === 'full' || input.settlement_amount === undefined
          ? null
          : rupeesToPaise(input.settlement_amount);
      return runMoneyCall(
        deps,
        { ...caller, loanId: id, scope: EVERY_LOAN, movesCash: true },
        async (context) => {
          const { tx, loaded, today, now } = context;
          if (loaded.loan.status !== 'approved') throw conflict('LOAN_NOT_APPROVED', ONLY_APPROVED_FORECLOSE);
          const credit = creditHeldOf(await listLedger(tx, id));
          const outcome = foreclose(loaded.state, { type: input.foreclosure_type, amount, credit });
          if (!outcome.ok) throw lendingError(outcome, 'settlement_amount');
          await checkCashDay(context);
          const collectedOn = new Map<number, number>();
          for (const entry of outcome.entries) {
            if (entry.kind === 'collected' || entry.kind === 'credit_applied')
              collectedOn.set(entry.emi_number, (collectedOn.get(entry.emi_number) ?? 0) + entry.amount);
          }
          const before = new Map(loaded.state.emis.map((emi) => [emi.emi_number, emi.status]));
          const auditId = await writeAudit(tx, caller.audit, {
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
          await storeOutcome(context, outcome, {
            book: { auditId, paymentMode: input.payment_mode },
            extras: (emi) =>
              emi.status === 'foreclosed' && before.get(emi.emi_number) !== 'foreclosed'
                ? { foreclosure_amount: collectedOn.get(emi.emi_number) ?? 0, foreclosure_date: today }
                : {},
            closesLoan: true,
          });
          await updateLoan(tx, id, {
            foreclosureType: input.foreclosure_type,
            foreclosureAmount: outcome.collected,
            foreclosureRemainingAmount: outcome.writtenOff,
            foreclosureDate: today,
            foreclosureReason: input.reason,
            foreclosureNotes: input.notes ?? null,
            foreclosedBy: caller.actor.id,
            updatedAt: now,
          });
          return { message: loanMessages.foreclosed };
        },
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
