import { BOUNCED_PAGE_SIZE, BOUNCED_TOAST_MS } from '@lending/domain';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { useBusinessToday } from '../../../lib/business-today';
import { useInfiniteSentinel } from '../../../lib/use-infinite-sentinel';
import { useExportBouncedEmis } from '../api/export-bounced-emis';
import { useBouncedStats } from '../api/get-bounced-stats';
import { bouncedEmisQueryOptions, bouncedQueryKey, useBouncedEmis } from '../api/list-bounced-emis';
import { BouncedFilters } from '../components/bounced-filters';
import { BouncedStatsCards } from '../components/bounced-stats-cards';
import { BouncedTable } from '../components/bounced-table';
import { useBouncedFilters } from '../lib/use-bounced-filters';

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
  const filters = useBouncedFilters(() => setStartPage(1));
  const list = useBouncedEmis(filters.applied, startPage);
  const stats = useBouncedStats(filters.applied);
  const exporter = useExportBouncedEmis();
  const queryClient = useQueryClient();

  const { isError, errorUpdatedAt } = list;
  useEffect(() => {
    if (isError && errorUpdatedAt > 0) toast('red', BOUNCED_LOAD_FAILED);
  }, [isError, errorUpdatedAt]);

  const pages = isError ? [] : (list.data?.pages ?? []);
  const first = pages[0];
  const emis = pages.flatMap((page) => page.emis);
  const currentPage = startPage + Math.max(pages.length, 1) - 1;
  const totalPages = first?.totalPages ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sentinel = useInfiniteSentinel(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !isError,
  );

  const handlePageChange = (page: number) => {
    window.scrollTo({ top: 0 });
    if (page === startPage) {
      queryClient.setQueryData(bouncedEmisQueryOptions(filters.applied, startPage).queryKey, (data) =>
        data === undefined
          ? data
          : { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
      );
    } else setStartPage(page);
  };

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
      <Group justify="space-between" align="center">
        <PageTitle testId="bounced-emis-title" title="Bounced EMIs Management" />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={handleRefresh}
            loading={list.isFetching && !isFetchingNextPage}
          >
            Refresh
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={() => void handleExport()}
            loading={exporter.isPending}
          >
            Export
          </Button>
        </Group>
      </Group>
      <BouncedStatsCards stats={stats.data} />
      <BouncedFilters state={filters} />
      <BouncedTable emis={emis} today={today} loading={list.isPending} />
      <div ref={sentinel} aria-hidden style={{ height: 1 }} />
      {isFetchingNextPage ? (
        <Group justify="center" gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading more...
          </Text>
        </Group>
      ) : null}
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
