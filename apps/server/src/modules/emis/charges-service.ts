import {
  type AppliedOperation,
  clearAllCharges,
  clearEmiCharge,
  emiMessages,
  paiseToRupees,
  rupeesToPaise,
  type TClearAllChargesRequest,
  type TClearChargesRequest,
  type TClearChargesResponse,
  type WaiverResult,
} from '@lending/domain';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { Answer } from '../../platform/idempotency';
import type { Caller } from '../../platform/idempotent-route';
import { toEmiView } from '../loans';
import { bookLedger, type MoneyCall, type MoneyContext, refusalError, runMoneyCall } from '../money';
import { storeAudited } from './loan-audit';
import { findEmiById, findEmisByNumber } from './repository';

export const EMI_NOT_FOUND = 'EMI not found';

/** Stores a waiver with its `emi_charges_cleared` audit row and answers the EMIs it changed. */
const storeWaiver = async (
  context: MoneyContext,
  outcome: AppliedOperation<WaiverResult>,
  audit: { scope: 'loan' | 'emi'; reason: string | undefined },
): Promise<TClearChargesResponse> => {
  const { tx, loaded } = context;
  const waivedOn = [...new Set(outcome.entries.map((entry) => entry.emi_number))];
  const auditId = await storeAudited(context, outcome, {
    action: 'emi_charges_cleared',
    metadata: {
      scope: audit.scope,
      waived_paise: outcome.waived,
      waivers: outcome.entries.map((entry) => ({
        emi_number: entry.emi_number,
        instalment_paise: entry.instalment,
        penalty_paise: entry.penalty,
      })),
      reason: audit.reason ?? null,
    },
  });
  await bookLedger(context, { auditId });
  const emis = await findEmisByNumber(tx, loaded.loan.id, waivedOn);
  return {
    message: emiMessages.chargesCleared,
    cleared: paiseToRupees(outcome.waived),
    emis: emis.map(toEmiView),
  };
};

/** Waiving late charges (docs/lending-rules.md "Clearing charges"): recorded in the ledger, never just gone. */
export const createChargeClearing = (deps: AppDeps) => ({
  /**
   * POST /loans/{id}/clear-charges: `amount` must equal the latest late charge (else the spec's
   * message, 400); every open EMI's late charge is waived.
   */
  async clearAll(call: MoneyCall, input: TClearAllChargesRequest): Promise<Answer<TClearChargesResponse>> {
    const amount = rupeesToPaise(input.amount);
    return runMoneyCall(deps, call, async (context) => {
      const outcome = clearAllCharges(context.loaded.state, { amount });
      if (!outcome.ok) throw refusalError(outcome, { CLEAR_AMOUNT_MISMATCH: 'amount' });
      return storeWaiver(context, outcome, { scope: 'loan', reason: input.reason });
    });
  },

  /** POST /loans/emi/{emiId}/clear-charges: 0 < amount ≤ that open EMI's late charge. */
  async clearEmi(
    caller: Caller,
    emiId: number,
    input: TClearChargesRequest,
  ): Promise<Answer<TClearChargesResponse>> {
    const amount = rupeesToPaise(input.amount);
    const found = await findEmiById(deps.db, emiId);
    if (!found) throw new AppError('EMI_NOT_FOUND', EMI_NOT_FOUND);
    return runMoneyCall(deps, { ...caller, loanId: found.loanId }, async (context) => {
      // A schedule rewrite may have replaced the EMI while we waited for the lock.
      const emi = context.loaded.rows.find((row) => row.id === emiId);
      if (!emi) throw new AppError('EMI_NOT_FOUND', EMI_NOT_FOUND);
      const outcome = clearEmiCharge(context.loaded.state, { emiNumber: emi.emiNumber, amount });
      if (!outcome.ok) throw refusalError(outcome, { CLEAR_AMOUNT_OUT_OF_RANGE: 'amount' });
      return storeWaiver(context, outcome, { scope: 'emi', reason: input.reason });
    });
  },
});
