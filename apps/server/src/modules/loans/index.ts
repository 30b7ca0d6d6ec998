/**
 * Loans: the loan routes, and what the features built on loans use: `findVisibleLoan` reads a loan
 * within the caller's scope and `toEmiView` presents its EMIs; the demo creates, edits and forecloses
 * loans through the same services as the screens. Money calls run through the money module's frame.
 */

// The books check reads rows through these mappings here; they live with the money frame.
export { toDomainEmi, toLedgerEntry } from '../money';
export { createLoanCreation } from './create-service';
export { createLoanForeclosure } from './foreclosure-service';
export { type OpenedLoanInput, type OpenedLoansLink, writeOpenedLoans } from './open-service';
export { toEmiView } from './presenter';
export { findLinkedLoan, findVisibleLoan } from './query-service';
export { loanRoutes } from './routes';
export { createLoanUpdating } from './update-service';
