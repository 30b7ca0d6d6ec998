import {
  bounceEmi,
  emiMessages,
  rupeesToPaise,
  type TBounceEmiRequest,
  type TBounceEmiResponse,
  type TEmiPathParams,
} from '@lending/domain';
import { writeAudit } from '../../platform/audit';
import type { AppDeps } from '../../platform/deps';
import type { Answer } from '../../platform/idempotency';
import type { Caller } from '../../platform/idempotent-route';
import { toEmiView } from '../loans';
import { queueBounceNotice } from '../messages';
import { bookLedger, refusalError, runMoneyCall, storeOutcome } from '../money';
import { assertBodyMatchesPath } from './checks';
import { findEmiByNumber, insertBounce, setEmiNotes } from './repository';

/** Bouncing EMIs (docs/lending-rules.md "Bounce of EMI n"). */
export const createEmiBounces = (deps: AppDeps) => ({
  /**
   * POST /emi/bounce/{loanId}/{emiNumber}: under the loan's lock the domain's `bounceEmi` decides
   * (a charge of `late_charges`, the roll of the earlier current bounced EMI); stored with a bounce
   * record (who, when, why) and an `emi_bounced` audit row. `emi_amount` is informational: the
   * EMI's stored amount is what bounced.
   */
  async bounce(
    caller: Caller,
    path: TEmiPathParams,
    input: TBounceEmiRequest,
  ): Promise<Answer<TBounceEmiResponse>> {
    assertBodyMatchesPath(input, path);
    const charge = input.late_charges === undefined ? 0 : rupeesToPaise(input.late_charges);
    return runMoneyCall(deps, { ...caller, loanId: path.loanId }, async (context) => {
      const { tx, loaded, now, today } = context;
      const outcome = bounceEmi(loaded.state, {
        emiNumber: path.emiNumber,
        charge,
        reason: input.reason,
        today,
      });
      if (!outcome.ok)
        throw refusalError(outcome, {
          BOUNCE_CHARGE_OUT_OF_RANGE: 'late_charges',
          INVALID_AMOUNT: 'late_charges',
        });
      await storeOutcome(context, outcome);
      const stored = await findEmiByNumber(tx, path.loanId, path.emiNumber);
      if (!stored) throw new Error(`EMI ${path.emiNumber} vanished from loan ${path.loanId}`);
      if (input.notes) await setEmiNotes(tx, stored.id, input.notes, now);
      const emi = input.notes ? { ...stored, notes: input.notes } : stored;
      // A skipped EMI bounced before the current bounced one rolls into it at once (docs/lending-rules.md).
      const rolledTo = outcome.rolled?.from === emi.emiNumber ? outcome.rolled.to : null;
      const bounceId = await insertBounce(tx, {
        loanId: path.loanId,
        emiId: emi.id,
        emiNumber: emi.emiNumber,
        emiAmount: emi.amount,
        charge,
        amountDue: emi.amount + emi.lateCharge,
        bounceSequence: emi.bounceCount,
        reason: input.reason,
        notes: input.notes || null,
        rolledTo,
        bouncedBy: caller.actor.id,
        bouncedOn: today,
        bouncedAt: now,
      });
      const auditId = await writeAudit(tx, caller.audit, {
        action: 'emi_bounced',
        resourceType: 'loan',
        resourceId: path.loanId,
        metadata: {
          emi_id: emi.id,
          emi_number: emi.emiNumber,
          charge_paise: charge,
          bounce_sequence: emi.bounceCount,
          reason: input.reason,
          rolled: outcome.rolled,
        },
      });
      await bookLedger(context, { auditId });
      // The borrower hears of it in the day window, on the channels they agreed to.
      await queueBounceNotice(tx, {
        bounceId,
        customerId: loaded.loan.customerId,
        customerName: context.people.customerName,
        loanId: path.loanId,
        loanCode: loaded.loan.loanCode,
        emiNumber: emi.emiNumber,
        amountPaise: emi.amount,
        chargePaise: charge,
        now,
      });
      return { message: emiMessages.bounced(emi.emiNumber), emi: toEmiView(emi) };
    });
  },
});
