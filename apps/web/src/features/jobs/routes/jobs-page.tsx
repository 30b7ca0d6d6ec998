import { JOB_PAGE_SIZE } from '@lending/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileZip } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { RefreshButton } from '../../../components/refresh-button';
import { showingRange } from '../../../lib/paging';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useJobs } from '../api/list-jobs';
import { useStartExport } from '../api/start-export';
import { JobFilters } from '../components/job-filters';
import { JobsTable } from '../components/jobs-table';
import { jobListParams, readJobListParams, type TJobFilters } from '../lib/jobs';
import { useManualRefresh } from '../lib/use-manual-refresh';

export const JOBS_LOAD_FAILED = 'Failed to load jobs';
export const EXPORT_START_FAILED = 'Failed to start the export';
export const NO_JOBS = 'No jobs found';

type TJobsPageProps = {
  /** The day-end closes' history and form, composed in by the app (the classification feature's section). */
  dayEndCloses?: ReactNode;
};

/** Jobs (/admin/jobs, superadmin): the background work, its progress and its failures; the export of everything. */
export const JobsPage = ({ dayEndCloses }: TJobsPageProps = {}) => {
  const [params, setParams] = useSearchParams();
  const { filters, page } = readJobListParams(params);
  const list = useJobs(filters, page);
  const refresher = useManualRefresh(list.refetch);
  const exporter = useStartExport();
  const navigate = useNavigate();

  useQueryFailure(list, () => notifications.show({ color: 'red', message: JOBS_LOAD_FAILED }));

  const data = list.isError ? undefined : list.data;
  const jobs = data?.jobs ?? [];
  const empty =
    jobs.length > 0 ? null : list.isPending ? 'Loading jobs...' : list.isError ? JOBS_LOAD_FAILED : NO_JOBS;

  const show = (next: TJobFilters, nextPage: number) => setParams(jobListParams(next, nextPage));

  const handleExport = async () => {
    try {
      const started = await exporter.mutateAsync();
      notifications.show({ color: 'green', message: started.message });
      await navigate(`/admin/jobs/${started.data.id}`);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, EXPORT_START_FAILED) });
    }
  };

  return (
    <Stack gap="md" data-testid="page-jobs">
      <PageHeader
        testId="jobs-title"
        title="Jobs"
        subtitle="Background work: its progress, how long it took and why it failed"
        align="flex-end"
      >
        <RefreshButton onClick={refresher.refresh} loading={refresher.refreshing} />
        <Button
          leftSection={<IconFileZip size={16} />}
          onClick={() => void handleExport()}
          loading={exporter.isPending}
        >
          Export everything
        </Button>
      </PageHeader>
      <JobFilters filters={filters} counts={data?.counts ?? null} onChange={(next) => show(next, 1)} />
      <JobsTable jobs={jobs} empty={empty} />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="jobs-summary">
          {showingRange(page, JOB_PAGE_SIZE, data?.total ?? 0)}
        </Text>
        <Text size="sm" c="dimmed">
          {`Page ${page} of ${Math.max(data?.totalPages ?? 0, 1)}`}
        </Text>
      </Group>
      <Pager page={page} totalPages={data?.totalPages ?? 0} onChange={(next) => show(filters, next)} />
      {dayEndCloses}
    </Stack>
  );
};
