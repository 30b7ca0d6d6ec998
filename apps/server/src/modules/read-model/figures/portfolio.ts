import { defineFigure } from '../figure';

/** Every call of the Portfolio screen: each reads all three portfolio figures. */
const PORTFOLIO_CALLS = [
  'GET /api/portfolio/summary',
  'GET /api/portfolio/summary/export',
  'GET /api/portfolio/par-trend',
  'GET /api/portfolio/efficiency',
  'GET /api/portfolio/efficiency/export',
];

import { loanMoneyMismatches, storedDaysMismatches } from '../portfolio/check-repository';
import { keptMismatches } from '../portfolio/kept-repository';

/** Each loan's money totals: what the portfolio's outstanding and its stored days start from. */
export const loanMoneyTotals = defineFigure({
  name: 'loan-money-totals',
  meaning:
    "Each loan's instalment money paid (cash, credit applied, and paid before the cut-over for a loan taken over from another book), principal recovered (the recovery split) and its last day that moved money, with the day it left the book: outstanding principal and arrears without reading its ledger.",
  tables: ['loan_money_totals'],
  keeping: 'projector',
  why: "Today's portfolio reads every lent loan; summing each loan's ledger took 11.1 s at 100,000 loans. Folded in by the projector after commit (each loan's rows of a batch in one upsert; 1.9 ms of a payment's transaction under load with its portfolio triggers before), and every portfolio answer and the housekeeping run bring it up to their own moment before reading, so they stay exact. A row dated on a stored closed day also forgets that day and the ones after it.",
  ledgerKinds: ['collected', 'credit_applied', 'credit', 'refund', 'written_off', 'waived', 'opening'],
  rebuild: 'rebuild_loan_money_totals()',
  checks: [loanMoneyMismatches],
  readBy: PORTFOLIO_CALLS,
});

/** Today's portfolio groups and every day's dues and collections per agent. */
export const portfolioKept = defineFigure({
  name: 'portfolio-kept',
  meaning:
    'Approved loans per agent and date of their oldest unpaid instalment (count, outstanding principal), keyed by that date so days overdue grow without writes; and per day and agent, the instalments dated and the instalment money collected.',
  tables: ['portfolio_due_groups', 'portfolio_agent_days'],
  keeping: 'triggers',
  why: "PAR, ageing buckets and collection efficiency of today in one small read (summary 1,199 → 34 ms p95 at 100,000 loans). Kept by triggers on loans, borrowers' agents and loan_money_totals, so a loan's money moves it when the projector folds that loan's ledger rows; cash collected per day is added by the same fold.",
  ledgerKinds: ['collected'],
  rebuild: 'rebuild_portfolio_kept()',
  checks: [keptMismatches],
  readBy: PORTFOLIO_CALLS,
});

/** The portfolio's closed days, stored once they can no longer change. */
export const portfolioStoredDays = defineFigure({
  name: 'portfolio-stored-days',
  meaning:
    'For each closed business day of the last 90: the portfolio at risk per agent and ageing bucket (loans, outstanding, arrears) and the instalment money collected per agent, as they stood that evening.',
  tables: ['portfolio_days', 'portfolio_day_risk', 'portfolio_day_collected'],
  keeping: 'housekeeping',
  why: "A past day's figures never change unless a row is later dated on it, which forgets the day (loan-money-totals); the PAR30 trend reads 90 stored days instead of recomputing each from the ledger.",
  ledgerKinds: ['collected', 'credit_applied', 'credit', 'refund', 'opening'],
  rebuild: null,
  checks: [storedDaysMismatches],
  readBy: PORTFOLIO_CALLS,
});
