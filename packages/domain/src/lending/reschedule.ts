import { draftOf, finish } from './emi-rules';
import { type LedgerEntry, reversalsOf, scheduleEntries } from './ledger';
import { type LendingOutcome, refuse } from './refusals';
import { generateSchedule, type ScheduleParams } from './schedule';
import { isTerminalLoanStatus, type LoanState } from './types';

/**
 * Rewrites a loan's schedule after its amount, EMI, tenure or start date changed: every EMI is new
 * and pending, and the old ledger's net position is reversed rather than deleted, so the
 * history stays auditable (docs/lending-rules.md). `history` is every ledger row of the loan so far. Terminal
 * loans cannot be edited. The status is kept; an approved loan stays approved with its new schedule.
 */
export const rescheduleLoan = (
  state: LoanState,
  history: readonly LedgerEntry[],
  params: ScheduleParams,
): LendingOutcome => {
  if (isTerminalLoanStatus(state.status)) {
    return refuse(state, 'LOAN_TERMINAL', `This loan is ${state.status}; it can no longer be edited.`);
  }
  const emis = generateSchedule(params);
  const draft = {
    ...draftOf({ status: state.status, emis }),
    entries: [...reversalsOf(history), ...scheduleEntries(emis)],
  };
  return finish(draft, {});
};
