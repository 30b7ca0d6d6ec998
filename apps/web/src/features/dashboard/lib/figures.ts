import {
  dashboardLinks,
  figureLinkUrl,
  formatRupees,
  type Paise,
  percentChange,
  type TAdminDashboard,
  type TMonthlyCount,
} from '@lending/domain';
import { displayPaise } from '../../../lib/format';
import type { TFigure } from '../components/figure-card';

/** The Tasks card's trend is a fixed +10%, as the screen has always shown it. */
export const TASKS_TREND = 10;

const countTrend = (monthly: TMonthlyCount) =>
  percentChange(monthly.currentMonthCount, monthly.lastMonthCount);
const amountTrend = (monthly: { currentMonth: number; lastMonth: number }) =>
  percentChange(displayPaise(monthly.currentMonth), displayPaise(monthly.lastMonth));

/**
 * Money with paise when it has them ('₹95.50'), whole rupees otherwise: a figure reads exactly as
 * the total of the list it opens.
 */
export const moneyOfPaise = (paise: Paise) => formatRupees(paise, 'auto');

/** A rupee amount from the API shown as `moneyOfPaise` does. */
export const money = (rupees: number) => moneyOfPaise(displayPaise(rupees));

/** Rupee amounts from the API added in paise, so a total never carries a float's stray fraction. */
export const totalPaise = (...rupees: readonly number[]): Paise =>
  rupees.reduce<Paise>((sum, amount) => sum + displayPaise(amount), 0);

export type TDashboardInputs = {
  /** The IST business day the figures are for (the server's clock): the links' filters use it. */
  today: string;
  book: TAdminDashboard;
  borrowers: { total: number; monthly: TMonthlyCount };
  agents: { total: number; monthly: TMonthlyCount };
  approvedLoans: { total: number; monthly: TMonthlyCount };
  expenses: { currentMonth: number; lastMonth: number };
  revenue: { total: number; monthly: { currentMonth: number; lastMonth: number } };
  tasks: { total: number; completed: number; pending: number };
};

/** The dashboard's cards, in the order the screen shows them, each linked to the list it summarises. */
export const dashboardFigures = (input: TDashboardInputs): TFigure[] => {
  const { book } = input;
  const links = dashboardLinks(input.today);
  const to = (link: keyof typeof links) => figureLinkUrl(links[link]);
  return [
    {
      label: 'Total Users',
      value: input.borrowers.total,
      trend: countTrend(input.borrowers.monthly),
      to: to('borrowers'),
    },
    {
      label: 'Agent Users',
      value: input.agents.total,
      trend: countTrend(input.agents.monthly),
      to: to('agents'),
    },
    {
      label: 'Today-Average-EMIs',
      value: money(book.averageAmountToBeCollectedToday),
      note: `over ${book.todaysUnpaidEmisCount} unpaid EMIs due today`,
      to: to('openToday'),
    },
    {
      label: 'Approved Loans',
      value: input.approvedLoans.total,
      trend: countTrend(input.approvedLoans.monthly),
      trendTo: to('lentLastMonth'),
      to: to('approvedLoans'),
    },
    {
      label: 'Expenses',
      value: money(input.expenses.currentMonth),
      trend: amountTrend(input.expenses),
      trendTo: to('expensesLastMonth'),
      note: 'this month',
      to: to('expensesThisMonth'),
    },
    {
      label: 'Total Revenue',
      value: money(input.revenue.total),
      trend: amountTrend(input.revenue.monthly),
      trendTo: to('cashLastMonth'),
      note: 'interest earned + charges collected',
      to: to('cash'),
    },
    { label: 'Total Tasks', value: input.tasks.total, trend: TASKS_TREND, to: to('allTasks') },
    {
      label: 'Completed Tasks',
      value: input.tasks.completed,
      trend: TASKS_TREND,
      to: to('completedTasks'),
    },
    { label: 'Pending Tasks', value: input.tasks.pending, trend: TASKS_TREND, to: to('pendingTasks') },
    {
      label: 'Total Principal Amount',
      value: money(book.totalPrincipal),
      note: 'lent on approved, closed and defaulted loans',
      to: to('lentLoans'),
    },
    {
      label: 'Amount Recovered',
      value: money(book.amountRecovered),
      note: 'instalments collected, net of refunds',
      to: to('cash'),
    },
    { label: "Today's EMIs Count", value: book.todaysEmisCount, to: to('dueToday') },
    {
      label: 'EMIs Due Today (Unpaid)',
      value: book.todaysUnpaidEmisCount,
      note: money(book.todaysUnpaidEmisAmount),
      to: to('openToday'),
    },
    {
      label: 'All Penalties/Charges',
      value: money(book.totalPenalties),
      note: 'charges collected',
      to: to('cash'),
    },
    {
      label: 'Pending EMIs',
      value: money(book.allPendingEmisAmount),
      note: `${book.allPendingEmisCount} open EMIs, any date`,
      to: to('openAll'),
    },
    {
      label: 'Overdue EMIs',
      value: money(book.overdueEmisAmount),
      note: `${book.overdueEmisCount} open EMIs dated before today`,
      to: to('openOverdue'),
    },
    {
      label: 'Total Amount Collected Today',
      value: money(book.totalCollectedToday),
      note: 'IST business day',
      to: to('collectedToday'),
    },
    {
      label: 'Loans Given This Month',
      value: money(book.monthlyLoanAmount),
      note: `${book.monthlyLoanCount} ${book.monthlyLoanCount === 1 ? 'loan' : 'loans'} from the 1st to today`,
      to: to('lentThisMonth'),
    },
  ];
};
