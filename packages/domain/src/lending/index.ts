export { partialCharge } from './arith';
export { type BookDifference, type EmiFlows, emiFlows, emiRowDifferences } from './books';
export { type BounceEmiInput, type BounceResult, bounceEmi } from './bounce';
export { collectedStillApplied } from './cash';
export { clearAllCharges, clearEmiCharge, type WaiverResult } from './charges';
export {
  type CollectInput,
  type CollectResult,
  collectPayment,
  fullPaymentDue,
  type LevyResult,
  levyLateCharge,
} from './collect';
export {
  type ApplyCreditResult,
  appliedByEmi,
  applyCredit,
  type CreditPayment,
  creditHeldOf,
  creditsOf,
  holdCash,
  refundCredit,
} from './credit';
export * from './credit-score';
export {
  type ForecloseInput,
  type ForeclosureResult,
  type ForeclosureSummary,
  foreclose,
  foreclosureSummary,
} from './foreclosure';
export {
  type CashPosition,
  cashIdentity,
  cashPositionOf,
  type EmiLedgerBalance,
  emiLedgerMismatches,
  type IdentityCheck,
  ledgerEmiBalances,
  scheduleIdentity,
} from './identities';
export {
  APPLIED_SIGN,
  carryEntry,
  checkLedgerInvariant,
  effectiveKind,
  type Flow,
  type InvariantReport,
  LEDGER_CAUSES,
  LEDGER_KINDS,
  type LedgerCause,
  type LedgerEntry,
  type LedgerKind,
  type LedgerTally,
  type LedgerTotals,
  LOAN_LEVEL_EMI,
  ledgerEntry,
  type MoneyParts,
  outstandingParts,
  RECEIVED_AS,
  type ReversibleKind,
  reversalsOf,
  SCHEDULE_KINDS,
  scheduleEntries,
  signOf,
  tallyLedger,
} from './ledger';
export * from './limits';
export {
  currentBouncedEmi,
  isCurrentBounced,
  isOpen,
  latestLateCharge,
  latestLateChargeEmi,
  nextOpenAfter,
  openEmis,
} from './open';
export {
  type OpeningPlan,
  type OpeningPosition,
  type OpeningTerms,
  openingLoanState,
  openingPlan,
  spreadOpeningPlan,
} from './opening';
export {
  type CollectOverdueInput,
  collectOverdue,
  isOverdue,
  NOTHING_OVERDUE_MESSAGE,
  type OverdueCollection,
  type OverduePayment,
  overdueEmis,
} from './overdue';
export { type PayEmiInput, type PaymentResult, payEmi, paymentEventType } from './payments';
export {
  applyReceivedAmount,
  type ReceivedAmountInput,
  type ReceivedApplication,
} from './received';
export { collectedAfter, interestSharesOf, type RecoveryBasis } from './recovery';
export {
  type AppliedOperation,
  CLEAR_ALL_MISMATCH_MESSAGE,
  LENDING_REFUSAL_CODES,
  LENDING_REFUSAL_DESCRIPTIONS,
  type LendingOutcome,
  type LendingRefusal,
  type LendingRefusalCode,
  LOAN_CALL_REFUSALS,
  type LoanCallRefusalCode,
  type RefusedOperation,
} from './refusals';
export { rescheduleLoan } from './reschedule';
export {
  endDate,
  generateSchedule,
  type LoanTotals,
  loanTotals,
  pendingEmi,
  type RecoverySplit,
  type ScheduleParams,
  splitRecovery,
} from './schedule';
export * from './types';
