import {
  addDays,
  agentBookScope,
  type EmiStatus,
  paiseToRupees,
  type TAgentOverdueQuery,
  type TAgentOverdueResponse,
  type TOverdueEmiRow,
  type TUpcomingEmi,
  type TUpcomingQuery,
  type TUpcomingResponse,
} from '@lending/domain';
import type { AuthUser } from '../../platform/access';
import type { AppDeps } from '../../platform/deps';
import { type FieldEmiRow, listOverdueEmis, listUpcomingEmis, overdueTotals } from './overdue-repository';

const toOverdueRow = (row: FieldEmiRow): TOverdueEmiRow => ({
  loan_id: row.loanId,
  loan_code: row.loanCode,
  customer_id: row.customerId,
  customer_name: row.customerName,
  customer_mobile: row.customerMobile,
  emi_number: row.emiNumber,
  emi_date: row.emiDate,
  status: row.status as EmiStatus,
  amount: paiseToRupees(row.amount),
  late_charge: paiseToRupees(row.lateCharge),
});

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
   * what they owe in all (SQL over every match, so the cards never add up a page).
   */
  async overdue(actor: AuthUser, query: TAgentOverdueQuery): Promise<TAgentOverdueResponse> {
    const filter = {
      today: deps.clock.today(),
      scope: agentBookScope(actor, query.agentId),
      customerId: query.customerId,
      search: query.search || undefined,
    };
    const rows = await listOverdueEmis(deps.db, filter, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const totals = await overdueTotals(deps.db, filter);
    return {
      results: rows.map(toOverdueRow),
      totalCount: totals.count,
      overdueLoans: totals.loans,
      totalDue: paiseToRupees(totals.due),
    };
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
