export { ledgerBusinessDay } from './business-day';
export { type CatalogEntry, readCatalog } from './catalog-repository';
export { isInStep, type KeptSqlDrift, keptSqlDrift } from './drift';
export type { Keeping, KeptFigure, LedgerKinds } from './figure';
export { KEPT_FIGURES } from './figures';
export { type DayWindow, type Recovery, recoveryIn } from './figures/ledger-day-totals';
export { keptMigrationName, keptMigrationText } from './migration-text';
export { portfolioTotalsMismatches } from './portfolio/check-repository';
export { portfolioFigures, readPortfolio, storeClosedDays } from './portfolio/figures';
export { type AgentAmount, agentNames, type BookRow, type RiskRow } from './portfolio/repository';
export { type LoanRiskRow, loanRiskOnDay, withoutJit } from './portfolio/stored-repository';
export { type Projector, startProjector } from './projector/runner';
export {
  type CatchUp,
  catchUp,
  catchUpEveryFigure,
  catchUpFully,
  PROJECTIONS,
  projectionLags,
  projectionOf,
  settleFigure,
} from './projector/service';
export { countAuditLogs, refreshAuditActionCounts } from './readers/audit-counts';
export { type CashDayRow, cashDayRows, type HeldFigures, heldFigures } from './readers/cash-day-totals';
export {
  type CollectionFilter,
  type CollectionTotals,
  collectionNeedsPeople,
  collectionTotalsOf,
  filteredCollectionRecords,
  keptCollectionDays,
  keptCollectionTotals,
  totalledCollectionRecords,
} from './readers/collections';
export {
  type CreditEventTotals,
  creditEventTotalsOf,
  keptCreditEventTotals,
  keptLentPrincipal,
  keptLoanTotals,
  keptUserCount,
  type LoanTotals,
  overdueLoansWhere,
} from './readers/counts';
export { emisDueOn, inflowsThrough, openEmiFigures } from './readers/emi-day-totals';
export {
  type BounceStats,
  bounceStatsOf,
  type DueDaysFilter,
  type DueTotalsRow,
  dueDatesWhere,
  keptBounceStats,
  keptDueTotals,
} from './readers/list-totals';
export { keptMonthLoanTotals, keptMonthTotals, type MonthLoanTotals } from './readers/month-totals';
export { type OverdueFilter, overduePageJson, overdueTotals } from './readers/overdue';
export { KEPT_SQL_DIR, type KeptSqlFile, parseKeptSql, readKeptSqlFiles } from './sql-files';
export { keptFigureMismatches } from './verify';
