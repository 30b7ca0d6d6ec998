import { isTerminalLoanStatus, type LoanStatus } from '@lending/domain';

/** Statuses an edit may set; closing or defaulting goes through foreclosure (or the last payment). */
export const mayEditInto = (from: string, to: LoanStatus): boolean =>
  from === to || !isTerminalLoanStatus(to);
