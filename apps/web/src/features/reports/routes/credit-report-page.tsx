import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { SearchInput } from '../../../components/search-input';
import { useBusinessToday } from '../../../lib/business-today';
import { showingRange } from '../../../lib/paging';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useExportReports } from '../api/export-reports';
import { useCreditScore } from '../api/get-credit-score';
import { useReportCustomers } from '../api/list-customers';
import { reportsQueryKey, useReports } from '../api/list-reports';
import { BounceHistory } from '../components/bounce-history';
import { CreditEventsTable } from '../components/credit-events-table';
import { CreditScoreCard } from '../components/credit-score-card';
import { ReportStatCards } from '../components/report-stat-cards';
import { CREDIT_REPORT_PAGE_SIZE } from '../lib/report-format';

export const REPORTS_FETCH_FAILED = 'Failed to fetch credit reports';
export const REPORTS_EXPORT_FAILED = 'Failed to export credit reports';
/** The search waits this long after typing stops (as the other list searches). */
export const REPORTS_SEARCH_DEBOUNCE_MS = 500;

const NO_COUNTS = { paidOnTime: 0, paidLate: 0, bounced: 0 };

/** Credit Report (/admin/reports) */
export const CreditReportPage = () => {
  const today = useBusinessToday();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), REPORTS_SEARCH_DEBOUNCE_MS);
  const [pickedId, setPickedId] = useState<number | null>(null);
  const filter = useMemo(() => ({ search, customerId: pickedId }), [search, pickedId]);
  // The page belongs to the filter it was chosen under: a new search or customer starts at page 1.
  const [paging, setPaging] = useState({ filter, page: 1 });
  const page = paging.filter === filter ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filter, page: next });
  const reports = useReports(filter, page);
  const customers = useReportCustomers();
  const queryClient = useQueryClient();
  const exporter = useExportReports();

  const { isError } = reports;
  useQueryFailure(reports, () => notifications.show({ color: 'red', message: REPORTS_FETCH_FAILED }));

  const data = isError ? undefined : reports.data?.data;
  const events = data?.reports ?? [];
  const total = data?.total ?? 0;
  const totalPages = data?.totalPages ?? 0;
  // The searched customer: when every event found belongs to one customer, that customer's score shows.
  const searchedId =
    search !== '' &&
    events.length > 0 &&
    events.every((event) => event.customer_id === events[0]?.customer_id)
      ? (events[0]?.customer_id ?? null)
      : null;
  const focusId = pickedId ?? searchedId;
  const score = useCreditScore(focusId);
  const scoreData = focusId !== null && score.data?.customer_id === focusId ? score.data : undefined;
  // The cards: the focused customer's counts, else the server's counts over every match (never this page).
  const counts = scoreData ?? data?.counts ?? NO_COUNTS;

  const handleRefresh = () => void queryClient.invalidateQueries({ queryKey: reportsQueryKey });
  // The server writes every event of the search, not just this page.
  const handleExport = () =>
    exporter.mutate(
      { filter, today },
      { onError: () => notifications.show({ color: 'red', message: REPORTS_EXPORT_FAILED }) },
    );

  return (
    <Stack gap="md" data-testid="page-credit-report">
      <PageHeader testId="credit-report-title" title="Credit Report">
        <RefreshButton onClick={handleRefresh} loading={reports.isFetching} />
        <Button
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={handleExport}
          loading={exporter.isPending}
          disabled={total === 0}
        >
          Export CSV
        </Button>
      </PageHeader>
      <SearchInput
        placeholder="Search customer name or loan code"
        value={searchText}
        onValueChange={setSearchText}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <CreditScoreCard
              customers={customers.data ?? []}
              pickedId={pickedId}
              onPick={setPickedId}
              score={scoreData}
              loading={score.isFetching}
              failed={score.isError}
              hasCustomer={focusId !== null}
            />
            <ReportStatCards
              counts={counts}
              scope={
                scoreData === undefined ? 'All matching events' : `All of ${scoreData.customer_name}'s EMIs`
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <BounceHistory events={events} />
        </Grid.Col>
      </Grid>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            All Credit Events
          </Title>
          <CreditEventsTable events={events} loading={reports.isPending} />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" data-testid="reports-range">
              {showingRange(page, CREDIT_REPORT_PAGE_SIZE, total)}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="compact-sm"
                disabled={page <= 1 || reports.isFetching}
                onClick={() => setPage(page - 1)}
              >
                Prev
              </Button>
              <Text size="sm">{`Page ${Math.min(page, Math.max(totalPages, 1))} of ${Math.max(totalPages, 1)}`}</Text>
              <Button
                variant="default"
                size="compact-sm"
                disabled={page >= totalPages || reports.isFetching}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
};
