import { dashboardLinks, figureLinkUrl } from '@lending/domain';
import { Anchor, Grid, Paper, Stack, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { WhenVisible } from '../../../components/when-visible';
import { useBusinessToday } from '../../../lib/business-today';
import { inIst } from '../../../lib/dayjs';
import { useCurrentUser } from '../../../lib/session';
import { useAdminFigures } from '../api/get-admin-figures';
import {
  useAgentsMonthly,
  useApprovedLoansMonthly,
  useBorrowersMonthly,
  useExpensesMonthly,
  useRevenueMonthly,
} from '../api/get-monthly-counts';
import {
  useAgentTotal,
  useApprovedLoanTotal,
  useBorrowerTotal,
  useExpenseSummary,
  useFinancialHealth,
  useInterestMetrics,
  useLoanTotals,
  useRevenue,
  useTodoStats,
} from '../api/get-totals';
import { FigureCard } from '../components/figure-card';
import { RecentActivity } from '../components/recent-activity';
import { SummaryPanel, type TSummaryPanelProps } from '../components/summary-panel';
import { SystemStatus } from '../components/system-status';
import { dashboardFigures, money } from '../lib/figures';

// The charts bring their drawing library with them; only the dashboard loads it, after the figures.
/** The two charts' height: side by side from `md`, one above the other on phones (measured). */
const CHARTS_HEIGHT = { base: 520, md: 296 };

const RecoveryChart = lazy(() =>
  import('../components/recovery-chart').then((m) => ({ default: m.RecoveryChart })),
);
const CashFlowChart = lazy(() =>
  import('../components/cash-flow-chart').then((m) => ({ default: m.CashFlowChart })),
);

type TAdminDashboardPageProps = {
  /** The software update banner, composed in by the app (it belongs to another feature). */
  banner?: ReactNode;
  /** The NPA share of the book, composed in by the app (the classification feature's card). */
  npaCard?: ReactNode;
  /** Parts of System Status from other features (the message channels), composed in by the app. */
  systemStatusParts?: ReactNode;
};

/** The admin dashboard: every figure from the server, each falling back to 0 when its call fails. */
export const AdminDashboardPage = ({ banner, npaCard, systemStatusParts }: TAdminDashboardPageProps) => {
  const { user } = useCurrentUser();
  const name = user === null ? '' : user.name === '' ? user.email : user.name;
  const book = useAdminFigures().data;
  const revenue = useRevenue().data;
  const interest = useInterestMetrics().data;
  const loans = useLoanTotals().data;
  const tasks = useTodoStats().data;
  const expenseSummary = useExpenseSummary().data;
  const health = useFinancialHealth().data;
  const today = useBusinessToday();
  const links = dashboardLinks(today);
  const to = (link: keyof typeof links) => figureLinkUrl(links[link]);
  const figures = dashboardFigures({
    today,
    book,
    borrowers: { total: useBorrowerTotal().data.total, monthly: useBorrowersMonthly().data },
    agents: { total: useAgentTotal().data.total, monthly: useAgentsMonthly().data },
    approvedLoans: { total: useApprovedLoanTotal().data.total, monthly: useApprovedLoansMonthly().data },
    expenses: useExpensesMonthly().data,
    revenue: { total: revenue.totalRevenue, monthly: useRevenueMonthly().data },
    tasks,
  });

  const summaries: TSummaryPanelProps[] = [
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

  return (
    <Stack data-testid="page-admin-dashboard" gap="md">
      <PageTitle testId="dashboard-title" title="Dashboard" subtitle={`Welcome, ${name}`} />
      {/* Its line is there from the first paint, so the figures below it do not jump when it arrives. */}
      <Text size="sm" c="gray" data-testid={book.as_of ? 'dashboard-as-of' : undefined} mih="1.55em">
        {book.as_of ? `Money figures as of ${inIst(book.as_of).format('DD-MM-YYYY HH:mm:ss')}` : ' '}
      </Text>
      {banner}
      <Paper withBorder p="md" radius="md" data-testid="agent-collections-shortcut">
        <Text fw={600}>Agent Collections</Text>
        <Anchor component={Link} to="/admin/loans/agent-collections" size="sm">
          See what every agent collected today →
        </Anchor>
      </Paper>
      <Grid gap="sm">
        {figures.map((figure) => (
          <Grid.Col key={figure.label} span={{ base: 12, xs: 6, md: 4, lg: 3 }}>
            <FigureCard figure={figure} />
          </Grid.Col>
        ))}
        {npaCard === undefined ? null : (
          <Grid.Col span={{ base: 12, xs: 6, md: 4, lg: 3 }}>{npaCard}</Grid.Col>
        )}
      </Grid>
      {/* Below the fold on every screen: the charts' library loads once they come near. */}
      <WhenVisible minHeight={CHARTS_HEIGHT}>
        <Suspense
          fallback={
            <Text c="dimmed" mih={CHARTS_HEIGHT}>
              Loading charts…
            </Text>
          }
        >
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <RecoveryChart
                principal={book.principalRecovered}
                interest={book.interestEarned}
                to={to('cash')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <CashFlowChart
                health={health}
                links={{ inflow30: to('inflow30'), inflow60: to('inflow60'), inflow90: to('inflow90') }}
              />
            </Grid.Col>
          </Grid>
        </Suspense>
      </WhenVisible>
      <Grid gap="sm">
        {summaries.map((summary) => (
          <Grid.Col key={summary.title} span={{ base: 12, md: 3 }}>
            <SummaryPanel {...summary} />
          </Grid.Col>
        ))}
      </Grid>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RecentActivity />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SystemStatus>{systemStatusParts}</SystemStatus>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
