/**
 * Loans: the loan routes, and what the features built on loans use. The EMI services change a loan
 * through `loadLockedLoan` and `persistOutcome`, read it through `findVisibleLoan` and present its
 * EMIs with `toEmiView`; the demo creates and edits loans through the same services as the screens.
 */
export { createLoanCreation } from './create-service';
export { createLoanForeclosure } from './foreclosure-service';
export { type LoadedLoan, ledgerOfEmi, loadLockedLoan, persistOutcome } from './lending-store';
export { lendingError } from './policy';
export { toDomainEmi, toEmiView, toLedgerEntry } from './presenter';
export { findVisibleLoan } from './query-service';
export type { LoanWithPeople } from './repository';
export { loanRoutes } from './routes';
export {
  appendLedger,
  type LedgerLink,
  ledgerInsert,
  ledgerOfPayment,
  listLedger,
} from './schedule-repository';
export { createLoanUpdating } from './update-service';
