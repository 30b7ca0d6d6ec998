import type { KeptFigure } from '../figure';
import { auditActionCounts } from './audit-counts';
import { cashDayTotals } from './cash-day-totals';
import { collectionDayTotals, collectionRecords } from './collections';
import {
  creditEventCounts,
  loanStatusTotals,
  oldestOpenEmi,
  overdueLoanDays,
  userRoleCounts,
} from './counts';
import { emiDayTotals } from './emi-day-totals';
import { ledgerDayTotals } from './ledger-day-totals';
import { listTotals } from './list-totals';
import { emiMonthTotals, interestMonthTotals } from './month-totals';
import { loanMoneyTotals, portfolioKept, portfolioStoredDays } from './portfolio';

/**
 * Every figure kept beside the ledger, in the order `npm run verify` checks them. A kept table that is
 * not here fails the read model's tests; so does a file of current SQL that no figure names.
 */
export const KEPT_FIGURES: readonly KeptFigure[] = [
  ledgerDayTotals,
  emiDayTotals,
  emiMonthTotals,
  interestMonthTotals,
  cashDayTotals,
  collectionRecords,
  creditEventCounts,
  loanStatusTotals,
  oldestOpenEmi,
  listTotals,
  userRoleCounts,
  overdueLoanDays,
  collectionDayTotals,
  loanMoneyTotals,
  portfolioKept,
  portfolioStoredDays,
  auditActionCounts,
];
