import { jobMessages, ZJobIdParams } from '@lending/domain';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../../api/client';
import { SectionLoader } from '../../../components/loading-or-failed';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { useJob } from '../api/get-job';
import { JobDetails } from '../components/job-details';
import { jobName } from '../lib/jobs';
import { useManualRefresh } from '../lib/use-manual-refresh';

export const JOB_LOAD_FAILED = 'Failed to load the job';

const BackToJobs = () => (
  <Anchor component={Link} to="/admin/jobs" size="sm">
    <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} aria-hidden /> Back to jobs
  </Anchor>
);

/** One job (/admin/jobs/:id, superadmin); a number that names no job shows "Job not found". */
export const JobPage = () => {
  const parsed = ZJobIdParams.safeParse(useParams());
  const id = parsed.success ? parsed.data.id : null;
  const job = useJob(id);
  const refresher = useManualRefresh(job.refetch);
  const notFound = id === null || (isApiError(job.error) && job.error.status === 404);

  if (notFound)
    return (
      <Stack gap="md" data-testid="page-job">
        <PageHeader
          testId="job-title"
          title={jobMessages.notFound}
          subtitle="There is no job with that number."
        >
          <BackToJobs />
        </PageHeader>
      </Stack>
    );

  return (
    <Stack gap="md" data-testid="page-job">
      <BackToJobs />
      <PageHeader testId="job-title" title={job.data === undefined ? `Job #${id}` : jobName(job.data)}>
        <RefreshButton onClick={refresher.refresh} loading={refresher.refreshing} />
      </PageHeader>
      {job.data !== undefined ? (
        <JobDetails job={job.data} />
      ) : job.isError ? (
        <Text c="red">{errorMessage(job.error, JOB_LOAD_FAILED)}</Text>
      ) : (
        <SectionLoader label="Loading the job" />
      )}
    </Stack>
  );
};
