// Figures the server's known test books produce: the server's tests assert them to the paisa, and the
// web's tests answer them as the API would, so both sides speak of the same book.
import type { TExpectedInterestPage, TPortfolioSummary } from '../schemas';

/** The dashboard book's (apps/server/test/support/dashboard-book.ts) totals of November's EMIs. */
export const DASHBOARD_BOOK_INTEREST_TOTALS: TExpectedInterestPage['totals'] = {
  scheduled: 4_500, // 30 × 120 + 11 × 70 + 130
  expectedInterest: 830,
  loans: 3,
  principal: 16_200,
  interest: 4_100,
  averageRate: 25.31,
  collectedInterest: 123.33,
  collectedVsExpected: 14.86,
};

type TAgentFigures = Omit<TPortfolioSummary['agents'][number], 'agent_id' | 'agent_name'>;

/** The portfolio book's (apps/server/test/support/portfolio-book.ts) agent A: onTime and late (its foreclosed loan left the book). */
export const PORTFOLIO_BOOK_AGENT_A: TAgentFigures = {
  loans: 2,
  outstanding: 2_240,
  par1: 1_920,
  par7: 1_920,
  par30: 0,
  par90: 0,
  par30_share: 0,
};
