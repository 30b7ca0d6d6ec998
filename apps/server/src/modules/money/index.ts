/**
 * Money: the frame of every money call (pay, bounce, collect, clear charges, credit apply, refund and
 * held cash, foreclosure, payment-date corrections) and the SQL it stands on. Below `loans`, `emis`
 * and `agents`, which make their calls through it; it imports none of them.
 */
export {
  bookLedger,
  checkCashDay,
  type MoneyCall,
  type MoneyContext,
  runMoneyCall,
  runMoneyCallIn,
  storeOutcome,
} from './frame';
export { appendLedger, type LedgerLink, ledgerOfPayment, listLedger } from './ledger-repository';
export { type PaymentToRecord, type RecordedPayment, storePayments } from './payments';
export { LOAN_NOT_FOUND, lendingError, refusalError } from './refusals';
export {
  foreclosers,
  type LoanChanges,
  type LoanWithPeople,
  loanWithPeople,
  selectLoansWithPeople,
  updateLoan,
} from './repository';
export { toDomainEmi, toLedgerEntry } from './rows';
export { type LoadedLoan, loadLoanState, loadLockedLoan, persistOutcome } from './store';
