import {
  addDays,
  istStartOfDay,
  monthWindowsOf,
  paiseToRupees,
  type TAdminDashboard,
  type TFinancialHealth,
  type TInterestMetrics,
  type TMonthlyCount,
  type TMonthlyRevenue,
  type TRevenue,
  windowEnd,
} from '@lending/domain';
import type { AppDeps } from '../../platform/deps';
import {
  emisDueOn,
  inflowsThrough,
  openEmiFigures,
  type Recovery,
  recoveryIn,
  settleFigure,
} from '../read-model';
import { monthLoanTotals } from './expected-interest-repository';
import { lentLoansByMonth, principalLent, usersCreatedByMonth } from './figures-repository';
import { percentOf } from './percent';

const rupees = paiseToRupees;
/** Recovered instalment money, net of refunds of credit held. */
const recoveredOf = (r: Recovery) => r.instalmentCollected - r.refunded;
/** Income: the interest share of recovered instalments plus charges collected. */
const revenueOf = (r: Recovery) => r.interestShare + r.penalties;

/** The dashboard's figures; definitions in docs/dashboard.md. "Today" and months are IST. */
export const createDashboardFigures = ({ db, clock }: AppDeps) => {
  const monthsNow = () => monthWindowsOf(clock.today());
  /** The money figures read the ledger's day totals and the rows after them: exact as of the read. */
  const ledgerAsOf = () => clock.now().toISOString();

  return {
    admin: async (): Promise<TAdminDashboard> => {
      const asOf = ledgerAsOf();
      const today = clock.today();
      const { currentStart } = monthsNow();
      // The EMI cards read day totals the projector folds in after each payment: up to now first.
      await settleFigure(db, 'emi-day-totals');
      const [recovery, collectedToday, lent, open, dueToday] = await Promise.all([
        recoveryIn(db, {}),
        recoveryIn(db, { from: today, to: addDays(today, 1) }),
        principalLent(db, { from: currentStart, through: today }),
        openEmiFigures(db, today),
        emisDueOn(db, today),
      ]);
      const recovered = recoveredOf(recovery);
      return {
        totalPrincipal: rupees(lent.total),
        amountRecovered: rupees(recovered),
        principalRecovered: rupees(recovered - recovery.interestShare),
        interestEarned: rupees(recovery.interestShare),
        totalPenalties: rupees(recovery.penalties),
        totalCollectedToday: rupees(collectedToday.collected),
        todaysEmisCount: dueToday,
        todaysUnpaidEmisCount: open.todayOpenCount,
        todaysUnpaidEmisAmount: rupees(open.todayOpenAmount),
        allPendingEmisCount: open.openCount,
        allPendingEmisAmount: rupees(open.openAmount),
        overdueEmisCount: open.overdueCount,
        overdueEmisAmount: rupees(open.overdueAmount),
        averageAmountToBeCollectedToday:
          open.todayOpenCount === 0 ? 0 : rupees(Math.round(open.todayOpenAmount / open.todayOpenCount)),
        monthlyLoanAmount: rupees(lent.inWindow),
        monthlyLoanCount: lent.countInWindow,
        as_of: asOf,
      };
    },

    financialHealth: async (): Promise<TFinancialHealth> => {
      const today = clock.today();
      await settleFigure(db, 'emi-day-totals');
      const [inflow30, inflow60, inflow90] = await inflowsThrough(db, today, [
        windowEnd(today, 30),
        windowEnd(today, 60),
        windowEnd(today, 90),
      ]);
      return {
        inflow30: rupees(inflow30 ?? 0),
        inflow60: rupees(inflow60 ?? 0),
        inflow90: rupees(inflow90 ?? 0),
      };
    },

    revenue: async (): Promise<TRevenue> => {
      const asOf = ledgerAsOf();
      const recovery = await recoveryIn(db, {});
      return {
        totalRevenue: rupees(revenueOf(recovery)),
        interestEarned: rupees(recovery.interestShare),
        penaltiesCollected: rupees(recovery.penalties),
        as_of: asOf,
      };
    },

    monthlyRevenue: async (): Promise<TMonthlyRevenue> => {
      const asOf = ledgerAsOf();
      const m = monthsNow();
      const [current, last] = await Promise.all([
        recoveryIn(db, { from: m.currentStart, to: m.nextStart }),
        recoveryIn(db, { from: m.lastStart, to: m.currentStart }),
      ]);
      return { currentMonth: rupees(revenueOf(current)), lastMonth: rupees(revenueOf(last)), as_of: asOf };
    },

    approvedLoansMonthly: async (): Promise<TMonthlyCount> => {
      const counts = await lentLoansByMonth(db, monthsNow());
      return { currentMonthCount: counts.current, lastMonthCount: counts.last };
    },

    usersMonthly: async (role: 'user' | 'agent'): Promise<TMonthlyCount> => {
      const m = monthsNow();
      const counts = await usersCreatedByMonth(db, role, {
        lastStart: istStartOfDay(m.lastStart),
        currentStart: istStartOfDay(m.currentStart),
        nextStart: istStartOfDay(m.nextStart),
      });
      return { currentMonthCount: counts.current, lastMonthCount: counts.last };
    },

    interestMetrics: async (): Promise<TInterestMetrics> => {
      const asOf = ledgerAsOf();
      const m = monthsNow();
      // The month's expected interest and average rate are the totals of its list (docs/dashboard.md).
      const [thisMonth, allTime, month] = await Promise.all([
        recoveryIn(db, { from: m.currentStart, to: m.nextStart }),
        recoveryIn(db, {}),
        monthLoanTotals(db, { monthStart: m.currentStart, nextStart: m.nextStart, status: 'lent' }),
      ]);
      return {
        interestCollectedThisMonth: rupees(thisMonth.interestShare),
        expectedInterest: rupees(month.expected),
        avgInterestRate: percentOf(month.interest, month.principal),
        paidInterest: rupees(allTime.interestShare),
        collectedVsExpected: percentOf(thisMonth.interestShare, month.expected),
        as_of: asOf,
      };
    },
  };
};
