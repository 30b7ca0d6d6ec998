import type { Paise } from '../money';
import { isPaise } from './arith';
import {
  detachWaivedDues,
  draftOf,
  emiIn,
  finish,
  guardLoan,
  isRefused,
  lookupEmi,
  penaltyOf,
  record,
  rupees,
} from './emi-rules';
import { ledgerEntry } from './ledger';
import { isOpen, latestLateCharge } from './open';
import { CLEAR_ALL_MISMATCH_MESSAGE, type LendingOutcome, refuse } from './refusals';
import type { LoanState } from './types';

/** What a waiver did, beyond the new state. */
export type WaiverResult = { waived: Paise };

/**
 * Loan-wide clear (the mark-paid variant): `amount` is a confirmation and must equal the latest late
 * charge; then every open EMI's late charge is waived (carried-in dues included, since they sit in
 * the late charge). Settled EMIs keep theirs as history: those were collected or carried already.
 */
export const clearAllCharges = (state: LoanState, input: { amount: Paise }): LendingOutcome<WaiverResult> => {
  const loanRefusal = guardLoan(state);
  if (loanRefusal) return loanRefusal;
  const open = state.emis.filter((emi) => isOpen(emi) && emi.late_charge > 0);
  if (open.length === 0)
    return refuse(state, 'NO_CHARGES_TO_CLEAR', 'There are no outstanding late charges to clear.');
  if (!isPaise(input.amount) || input.amount !== latestLateCharge(state)) {
    return refuse(state, 'CLEAR_AMOUNT_MISMATCH', CLEAR_ALL_MISMATCH_MESSAGE);
  }

  const draft = draftOf(state);
  let waived = 0;
  for (const { emi_number } of open) {
    const emi = emiIn(draft, emi_number);
    record(
      draft,
      ledgerEntry('waived', 'clear_all', emi_number, {
        instalment: emi.carried_instalment,
        penalty: penaltyOf(emi),
      }),
    );
    waived += emi.late_charge;
    emi.late_charge = 0;
    emi.carried_instalment = 0;
    detachWaivedDues(draft, emi_number);
  }
  return finish(draft, { waived });
};

/**
 * Waives part or all of one open EMI's late charge (0 < amount ≤ late charge). Penalty goes first,
 * carried-in instalment money only after: a lender forgives charges before it forgives instalments.
 */
export const clearEmiCharge = (
  state: LoanState,
  input: { emiNumber: number; amount: Paise },
): LendingOutcome<WaiverResult> => {
  const { emiNumber, amount } = input;
  const loanRefusal = guardLoan(state);
  if (loanRefusal) return loanRefusal;
  const found = lookupEmi(state, emiNumber);
  if (isRefused(found)) return found;
  if (!isOpen(found)) {
    return refuse(
      state,
      'EMI_NOT_OPEN',
      `EMI ${emiNumber} is settled; its late charge is history, not owed.`,
    );
  }
  if (!isPaise(amount) || amount <= 0 || amount > found.late_charge) {
    return refuse(
      state,
      'CLEAR_AMOUNT_OUT_OF_RANGE',
      `Enter an amount above ₹0 and at most EMI ${emiNumber}'s late charge, ${rupees(found.late_charge)}.`,
    );
  }

  const draft = draftOf(state);
  const emi = emiIn(draft, emiNumber);
  const penalty = Math.min(amount, penaltyOf(emi));
  const instalment = amount - penalty;
  record(draft, ledgerEntry('waived', 'clear_emi', emiNumber, { instalment, penalty }));
  emi.late_charge -= amount;
  emi.carried_instalment -= instalment;
  detachWaivedDues(draft, emiNumber);
  return finish(draft, { waived: amount });
};
