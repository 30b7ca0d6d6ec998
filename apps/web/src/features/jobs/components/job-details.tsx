import { JOB_KIND_TITLES, type TJob } from '@lending/domain';
import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { LabelledValue } from '../../../components/labelled-value';
import { formatJobTime, isJobActive, jobTook } from '../lib/jobs';
import { useNow } from '../lib/use-now';
import { JobProgress } from './job-progress';
import { JobStatusBadge } from './job-status-badge';

/** Everything about one job: status, progress, attempts, timings, the whole error and what it made. */
export const JobDetails = ({ job }: { job: TJob }) => {
  const now = useNow(isJobActive(job));
  const fileId = useId();
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group gap="sm">
            <JobStatusBadge status={job.status} />
            {/* The server's own name of this job, where it says more than its kind. */}
            {job.title === JOB_KIND_TITLES[job.kind] ? null : (
              <Text size="sm" c="dimmed">
                {job.title}
              </Text>
            )}
          </Group>
          <JobProgress job={job} size="lg" width="100%" />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="job-fields">
            <LabelledValue label="Attempts" value={`${job.attempts} of ${job.maxAttempts}`} />
            <LabelledValue label="Started by" value={job.startedBy?.name ?? 'System'} />
            <LabelledValue label="Created" value={formatJobTime(job.createdAt)} />
            <LabelledValue label="Started" value={formatJobTime(job.startedAt)} />
            <LabelledValue label="Finished" value={formatJobTime(job.finishedAt)} />
            <LabelledValue label="Took" value={jobTook(job, now)} />
          </SimpleGrid>
        </Stack>
      </Paper>
      {job.error === null ? null : (
        <Alert color="red" title="Error" data-testid="job-error">
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {job.error}
          </Code>
        </Alert>
      )}
      {job.result === null ? null : (
        <Paper withBorder p="md" radius="md" data-testid="job-result">
          <Stack gap="sm">
            <Title order={2} fz="h4">
              Result
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {job.result.summary}
            </Text>
            {job.result.download === null ? null : (
              <Group gap="sm" align="center" wrap="wrap">
                {/* A signed link the server made: no bearer token needed, so a plain link. */}
                <Button
                  component="a"
                  href={job.result.download.url}
                  leftSection={<IconDownload size={16} />}
                  aria-describedby={fileId}
                >
                  Download
                </Button>
                <Text size="sm" id={fileId}>
                  {`${job.result.download.fileName} · link ${
                    Date.parse(job.result.download.expiresAt) > now ? 'expires' : 'expired'
                  } at ${formatJobTime(job.result.download.expiresAt)}`}
                </Text>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
};
