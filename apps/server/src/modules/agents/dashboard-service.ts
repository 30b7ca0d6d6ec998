import {
  addDays,
  agentBookScope,
  paiseToRupees,
  type TAgentOverdueQuery,
  type TUpcomingEmi,
  type TUpcomingQuery,
  type TUpcomingResponse,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { overduePageJson, overdueTotals, settleFigure } from '../read-model';
import { type FieldEmiRow, listUpcomingEmis } from './upcoming-repository';

const toUpcoming = (row: FieldEmiRow): TUpcomingEmi => ({
  loan_id: row.loanId,
  loan_code: row.loanCode,
  customer_name: row.customerName,
  customer_mobile: row.customerMobile,
  emi_number: row.emiNumber,
  emi_date: row.emiDate,
  amount: paiseToRupees(row.amount),
});

/** The agent dashboard's lists: overdue EMIs and the upcoming ones. */
export const createAgentDashboard = (deps: AppDeps) => ({
  /**
   * GET /loans/dashboard/agent: one page of overdue EMIs, and how many there are, on how many loans and
   * what they owe in all (SQL over every match, so the cards never add up a page), as the answer's
   * JSON text (`ZAgentOverdueResponse`, keys in its order): the page's rows come from the database
   * as JSON text and are not parsed here.
   */
  async overdueJson(actor: AuthUser, query: TAgentOverdueQuery): Promise<string> {
    const filter = {
      today: deps.clock.today(),
      scope: agentBookScope(actor, query.agentId),
      customerId: query.customerId,
      search: query.search || undefined,
    };
    const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
    // The cards read the EMI day totals and states the projector folds in after each payment.
    await settleFigure(deps.db, 'emi-day-totals');
    const [results, totals] = await Promise.all([
      overduePageJson(deps.db, filter, page),
      overdueTotals(deps.db, filter),
    ]);
    const cards = JSON.stringify({
      totalCount: totals.count,
      overdueLoans: totals.loans,
      totalDue: paiseToRupees(totals.due),
    });
    return `{"results":${results},${cards.slice(1)}`;
  },

  /** GET /loans/dashboard/agent/upcoming: pending EMIs dated today … today + days − 1. */
  async upcoming(actor: AuthUser, query: TUpcomingQuery): Promise<TUpcomingResponse> {
    const today = deps.clock.today();
    const rows = await listUpcomingEmis(deps.db, {
      from: today,
      to: addDays(today, query.days - 1),
      scope: agentBookScope(actor, query.agentId),
    });
    return { results: rows.map(toUpcoming) };
  },
});
