import type { Paise } from '../money';
import { creditsOf } from './credit';
import { draftOf, finish } from './emi-rules';
import { type LedgerEntry, reversalsOf, scheduleEntries } from './ledger';
import { type LendingOutcome, refuse } from './refusals';
import { generateSchedule, type ScheduleParams } from './schedule';
import { isTerminalLoanStatus, type LoanState } from './types';

/**
 * Rewrites a loan's schedule after its amount, EMI, tenure or start date changed (or a reset): every
 * EMI is new and pending; the old schedule's net position (its instalments, charges, carries,
 * waivers and write-offs) is reversed rather than deleted, so the history stays auditable. Collected
 * cash is never reversed: whatever stood applied to the old EMIs moves to the loan's credit held
 * (`credit` rows), and the cash rows keep their day, collector and mode (docs/lending-rules.md).
 * `history` is every ledger row of the loan so far. Terminal loans cannot be edited. The status is
 * kept; an approved loan stays approved with its new schedule.
 */
export const rescheduleLoan = (
  state: LoanState,
  history: readonly LedgerEntry[],
  params: ScheduleParams,
): LendingOutcome<{ credited: Paise }> => {
  if (isTerminalLoanStatus(state.status)) {
    return refuse(state, 'LOAN_TERMINAL', `This loan is ${state.status}; it can no longer be edited.`);
  }
  const emis = generateSchedule(params);
  const credits = creditsOf(history);
  const draft = {
    ...draftOf({ status: state.status, emis }),
    entries: [...reversalsOf(history), ...credits, ...scheduleEntries(emis)],
  };
  return finish(draft, { credited: credits.reduce((sum, entry) => sum + entry.amount, 0) });
};
