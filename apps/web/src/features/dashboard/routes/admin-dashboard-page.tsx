import { dashboardLinks, figureLinkUrl } from '@lending/domain';
import { Anchor, Grid, Paper, Stack, Text } from '@mantine/core';
import { lazy, memo, type ReactNode, Suspense, useDeferredValue } from 'react';
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
import { SummaryPanel } from '../components/summary-panel';
import { SystemStatus } from '../components/system-status';
import { dashboardFigures } from '../lib/figures';
import { dashboardSummaries } from '../lib/summaries';

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

/**
 * Every figure the dashboard shows, read from its calls (each falling back to 0 while it loads and
 * when it fails).
 */
const useDashboardView = () => {
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

  return {
    name,
    book,
    health,
    figures,
    summaries: dashboardSummaries({ interest, loans, expenseSummary, tasks, to }),
    chartLinks: {
      cash: to('cash'),
      inflow30: to('inflow30'),
      inflow60: to('inflow60'),
      inflow90: to('inflow90'),
    },
  };
};

type TDashboardViewProps = TAdminDashboardPageProps & { view: ReturnType<typeof useDashboardView> };

const DashboardView = memo(({ view, banner, npaCard, systemStatusParts }: TDashboardViewProps) => {
  const { name, book, health, figures, summaries, chartLinks } = view;
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
      <WhenVisible minHeight={CHARTS_HEIGHT} placeholderTestId="charts-placeholder">
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
                to={chartLinks.cash}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <CashFlowChart health={health} links={chartLinks} />
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
});

/**
 * The admin dashboard. Its seventeen calls answer one by one, each as an urgent update; the page
 * redraws from a deferred copy of the figures, so React redraws in slices a slow phone can
 * interrupt, and one redraw takes in every answer that came meanwhile.
 */
export const AdminDashboardPage = (props: TAdminDashboardPageProps) => {
  const view = useDeferredValue(useDashboardView());
  return <DashboardView view={view} {...props} />;
};
