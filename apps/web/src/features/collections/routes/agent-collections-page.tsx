import { collectionPageTotals } from '@lending/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { useBusinessToday } from '../../../lib/business-today';
import { showingRange } from '../../../lib/paging';
import { usePhone } from '../../../lib/use-phone';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useExportCollections } from '../api/export-collections';
import { type TCollectionFilters, useCollectionReport } from '../api/get-collection-report';
import { useCollectors } from '../api/list-agents';
import { CollectionFilters } from '../components/collection-filters';
import { CollectionRecords } from '../components/collection-records';
import { GrandTotals, IncomeTotals, PageTotals } from '../components/collection-totals';
import { DailySummaryTable } from '../components/daily-summary-table';
import { RowsPerPage } from '../components/rows-per-page';
import { collectionFiltersOf, collectionParamsOf } from '../lib/collection-url';
import { COLLECTIONS_PAGE_SIZE } from '../lib/rows-per-page';

export const COLLECTIONS_FETCH_FAILED = 'Failed to fetch agent collections';
export const COLLECTIONS_EXPORT_FAILED = 'Failed to export agent collections';

const trimmed = (filters: TCollectionFilters): TCollectionFilters => ({
  ...filters,
  search: filters.search.trim(),
});

/** Agent Collections report (/admin/loans/agent-collections) */
export const AgentCollectionsPage = () => {
  const today = useBusinessToday();
  const phone = usePhone();
  // The applied filters live in the URL, so a dashboard figure opens the report it summarises.
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => collectionFiltersOf(params), [params]);
  const [draft, setDraft] = useState<TCollectionFilters>(applied);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(COLLECTIONS_PAGE_SIZE);
  const report = useCollectionReport(applied, page, pageSize);
  const collectors = useCollectors();
  const exporter = useExportCollections();

  const { isError } = report;
  useQueryFailure(report, () => notifications.show({ color: 'red', message: COLLECTIONS_FETCH_FAILED }));

  const data = isError ? undefined : report.data;
  const records = data?.results ?? [];
  const pageTotals = useMemo(() => collectionPageTotals(records), [records]);
  const totalPages = data?.totalPages ?? 0;

  const handleSearch = () => {
    setParams(collectionParamsOf(trimmed(draft)), { replace: true });
    setPage(1);
  };
  const handlePageSize = (rows: number) => {
    setPageSize(rows);
    setPage(1);
  };
  // The server writes every record of the applied filters, not just this page.
  const handleExport = () =>
    exporter.mutate(
      { filters: applied, today },
      { onError: () => notifications.show({ color: 'red', message: COLLECTIONS_EXPORT_FAILED }) },
    );

  return (
    <Stack gap="md" data-testid="page-agent-collections">
      <PageHeader testId="agent-collections-title" title="Agent Collections">
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={handleExport}
          loading={exporter.isPending}
          disabled={(data?.count ?? 0) === 0}
        >
          Export to CSV
        </Button>
      </PageHeader>
      <Paper withBorder p="md" radius="md">
        <CollectionFilters
          values={draft}
          collectors={collectors.data ?? []}
          onChange={setDraft}
          onSearch={handleSearch}
        />
      </Paper>
      <DailySummaryTable rows={data?.dailySummary ?? []} />
      <GrandTotals report={data} />
      <IncomeTotals report={data} />
      <PageTotals totals={pageTotals} />
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Collections
          </Title>
          <CollectionRecords records={records} phone={phone} loading={report.isPending} />
          <Group justify="space-between" align="flex-end" gap="sm">
            <RowsPerPage value={pageSize} onChange={handlePageSize} />
            <Text size="sm" c="dimmed" data-testid="collections-range">
              {showingRange(page, pageSize, data?.count ?? 0)}
            </Text>
          </Group>
          <Pager page={page} totalPages={totalPages} onChange={setPage} disabled={report.isFetching} />
        </Stack>
      </Paper>
    </Stack>
  );
};
