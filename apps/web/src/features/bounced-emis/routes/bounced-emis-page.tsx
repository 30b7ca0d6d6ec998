import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { ListEnd } from '../../../components/list-end';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { RefreshButton } from '../../../components/refresh-button';
import { useBusinessToday } from '../../../lib/business-today';
import { useInfinitePager } from '../../../lib/use-infinite-pager';
import { useListFilters } from '../../../lib/use-list-filters';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useExportBouncedEmis } from '../api/export-bounced-emis';
import { useBouncedStats } from '../api/get-bounced-stats';
import { bouncedEmisQueryOptions, bouncedQueryKey, useBouncedEmis } from '../api/list-bounced-emis';
import { BouncedFilters } from '../components/bounced-filters';
import { BouncedStatsCards } from '../components/bounced-stats-cards';
import { BouncedTable } from '../components/bounced-table';
import { bouncedFilterOptions } from '../lib/bounced-filters';
import { BOUNCED_PAGE_SIZE, BOUNCED_TOAST_MS } from '../lib/bounced-list';

export const BOUNCED_LOAD_FAILED = 'Failed to load bounced EMIs';
export const BOUNCED_EXPORT_FAILED = 'Failed to export data';
export const BOUNCED_EXPORTED = 'Export completed';

/** Toasts on this page close after 1 s. */
const toast = (color: 'red' | 'green', message: string) =>
  notifications.show({ color, message, autoClose: BOUNCED_TOAST_MS });

/** Bounced EMIs Management (/admin/bounced-emis, superadmin) */
export const BouncedEmisPage = () => {
  const today = useBusinessToday();
  const [startPage, setStartPage] = useState(1);
  const filters = useListFilters({ ...bouncedFilterOptions(today), onApply: () => setStartPage(1) });
  const list = useBouncedEmis(filters.applied, startPage);
  const stats = useBouncedStats(filters.applied);
  const exporter = useExportBouncedEmis();
  const queryClient = useQueryClient();

  useQueryFailure(list, () => toast('red', BOUNCED_LOAD_FAILED));

  const { first, pages, currentPage, totalPages, sentinel, handlePageChange } = useInfinitePager({
    list,
    startPage,
    setStartPage,
    queryKey: bouncedEmisQueryOptions(filters.applied, startPage).queryKey,
  });
  const emis = pages.flatMap((page) => page.emis);
  const { isFetchingNextPage } = list;

  const handleRefresh = () => void queryClient.invalidateQueries({ queryKey: bouncedQueryKey });

  const handleExport = async () => {
    try {
      await exporter.mutateAsync(filters.applied);
      toast('green', BOUNCED_EXPORTED);
    } catch (error) {
      toast('red', errorMessage(error, BOUNCED_EXPORT_FAILED));
    }
  };

  return (
    <Stack gap="md" data-testid="page-bounced-emis">
      <PageHeader testId="bounced-emis-title" title="Bounced EMIs Management">
        <RefreshButton onClick={handleRefresh} loading={list.isFetching && !isFetchingNextPage} />
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void handleExport()}
          loading={exporter.isPending}
        >
          Export
        </Button>
      </PageHeader>
      <BouncedStatsCards stats={stats.data} />
      <BouncedFilters state={filters} />
      <BouncedTable emis={emis} today={today} loading={list.isPending} />
      <ListEnd sentinel={sentinel} loadingMore={isFetchingNextPage} />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {`${BOUNCED_PAGE_SIZE} per page · ${first?.total ?? 0} bounced EMIs`}
        </Text>
        <Text size="sm" c="dimmed" data-testid="bounced-page-info">
          {`Page ${Math.min(currentPage, Math.max(totalPages, 1))} of ${Math.max(totalPages, 1)}`}
        </Text>
      </Group>
      <Pager page={currentPage} totalPages={totalPages} onChange={handlePageChange} />
    </Stack>
  );
};
