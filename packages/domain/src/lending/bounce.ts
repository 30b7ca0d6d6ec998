import type { Paise } from '../money';
import type { IsoDate } from '../time';
import { isPaise } from './arith';
import { draftOf, emiIn, finish, isRefused, record, rollForward, settleableEmi } from './emi-rules';
import { ledgerEntry } from './ledger';
import { currentBouncedEmi } from './open';
import { type LendingOutcome, refuse } from './refusals';
import type { LoanState } from './types';

/** A bounce of one EMI with a charge (paise, ≥ 0) and a reason. */
export type BounceEmiInput = { emiNumber: number; charge: Paise; reason: string; today: IsoDate };

/** What a bounce did, beyond the new state. */
export type BounceResult = {
  /** A roll of bounced dues this bounce caused: from the earlier bounced EMI into the later one. */
  rolled: { from: number; to: number; amount: Paise } | null;
};

/**
 * Bounces EMI n (docs/lending-rules.md): `bounced`, bounce count + 1, late charge + charge, a bounced record and
 * an EMI_BOUNCED credit event. Only one bounced EMI is current, and dues always roll from the
 * earlier bounced EMI into the later one: bouncing n after an earlier current bounced EMI rolls that
 * one into n (n becomes current); bouncing a skipped pending n before the current bounced EMI rolls
 * n's dues into the current one (which stays current). Re-bouncing the current one adds to it.
 */
export const bounceEmi = (state: LoanState, input: BounceEmiInput): LendingOutcome<BounceResult> => {
  const { emiNumber, charge, reason, today } = input;
  const found = settleableEmi(state, emiNumber);
  if (isRefused(found)) return found;
  if (!isPaise(charge))
    return refuse(state, 'INVALID_AMOUNT', 'The bounce charge must be a whole amount of paise.');
  if (charge < 0) return refuse(state, 'BOUNCE_CHARGE_OUT_OF_RANGE', 'The bounce charge cannot be negative.');

  const draft = draftOf(state);
  const bounced = currentBouncedEmi(state);
  let rolled: BounceResult['rolled'] = null;
  if (bounced !== null && bounced.emi_number < emiNumber) {
    rolled = { from: bounced.emi_number, to: emiNumber, amount: bounced.amount + bounced.late_charge };
    rollForward(draft, emiIn(draft, bounced.emi_number), emiNumber);
  }

  const emi = emiIn(draft, emiNumber);
  emi.status = 'bounced';
  emi.bounce_count += 1;
  emi.bounced_on = today;
  emi.bounced_reason = reason;
  emi.late_charge += charge;
  emi.bounce_status = 'bounced';
  emi.dues_with = emiNumber;
  record(draft, ledgerEntry('charge', 'bounce_charge', emiNumber, { instalment: 0, penalty: charge }));
  draft.events.push({
    event_type: 'EMI_BOUNCED',
    emi_number: emiNumber,
    emi_amount: emi.amount,
    amount: emi.amount + emi.late_charge,
    on: today,
    bounce_reason: reason,
    bounce_sequence: emi.bounce_count,
    charges_applied: charge,
  });

  if (bounced !== null && bounced.emi_number > emiNumber) {
    rolled = { from: emiNumber, to: bounced.emi_number, amount: emi.amount + emi.late_charge };
    rollForward(draft, emi, bounced.emi_number);
  }
  return finish(draft, { rolled });
};
