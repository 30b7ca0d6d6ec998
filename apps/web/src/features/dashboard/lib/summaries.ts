import type { dashboardLinks } from '@lending/domain';
import type { useExpenseSummary, useInterestMetrics, useLoanTotals, useTodoStats } from '../api/get-totals';
import type { TSummaryPanelProps } from '../components/summary-panel';
import { money } from './figures';

/** What the four summary panels read: the interest, loan, expense and task calls' answers. */
export type TSummaryInputs = {
  interest: ReturnType<typeof useInterestMetrics>['data'];
  loans: ReturnType<typeof useLoanTotals>['data'];
  expenseSummary: ReturnType<typeof useExpenseSummary>['data'];
  tasks: ReturnType<typeof useTodoStats>['data'];
  /** The list a figure opens, by its name in the dashboard's links. */
  to: (link: keyof ReturnType<typeof dashboardLinks>) => string;
};

/** The dashboard's summary panels: Interest, Loans, Expenses and Tasks, each line linking to its list. */
export const dashboardSummaries = ({
  interest,
  loans,
  expenseSummary,
  tasks,
  to,
}: TSummaryInputs): TSummaryPanelProps[] => [
  {
    title: 'Interest',
    lines: [
      {
        label: 'Collected this month',
        value: money(interest.interestCollectedThisMonth),
        to: to('cashThisMonth'),
      },
      // The month's EMIs with their interest shares: its totals are these three figures.
      { label: 'Expected this month', value: money(interest.expectedInterest), to: to('expectedInterest') },
      {
        label: 'Collected vs expected',
        value: `${interest.collectedVsExpected}%`,
        to: to('expectedInterest'),
      },
      { label: 'Average rate', value: `${interest.avgInterestRate}%`, to: to('expectedInterest') },
      { label: 'Earned so far', value: money(interest.paidInterest), to: to('cash') },
    ],
    action: { label: 'View Loans', to: '/admin/loans' },
  },
  {
    title: 'Loans',
    lines: [
      { label: 'Accepted', value: loans.counts.accepted },
      { label: 'Pending approval', value: loans.counts.pending },
      { label: 'Total amount', value: money(loans.totalAmount) },
    ],
    action: { label: 'View Loans', to: to('allLoans') },
  },
  {
    title: 'Expenses',
    lines: [
      {
        label: 'This month',
        value: money(expenseSummary.thisMonthAmount),
        to: to('expensesThisMonth'),
      },
      { label: 'Expenses this month', value: expenseSummary.thisMonthCount, to: to('expensesThisMonth') },
      {
        label: 'Average expense',
        value: money(expenseSummary.averageAmount),
        to: to('allExpenses'),
      },
    ],
    action: { label: 'View Expenses', to: '/admin/expenses' },
  },
  {
    title: 'Tasks',
    lines: [
      { label: 'Total', value: tasks.total, to: to('allTasks') },
      { label: 'Completed', value: tasks.completed, to: to('completedTasks') },
      { label: 'Pending', value: tasks.pending, to: to('pendingTasks') },
    ],
    action: { label: 'View Tasks', to: '/admin/todos' },
  },
];
