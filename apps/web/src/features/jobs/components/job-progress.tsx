import type { TJob } from '@lending/domain';
import { Progress, Stack, Text } from '@mantine/core';
import { JOB_STATUS_COLORS, jobProgress } from '../lib/jobs';

type TJobProgressProps = { job: TJob; size?: 'sm' | 'lg'; width?: number | string };

/**
 * A job's progress bar, named by its words ('3 of 10') for screen readers. With the total unknown a
 * running job's bar is a moving stripe with no value, and any other job's is only '—'.
 */
export const JobProgress = ({ job, size = 'sm', width = 140 }: TJobProgressProps) => {
  const { percent, label } = jobProgress(job);
  const indeterminate = percent === null;
  if (indeterminate && job.status !== 'running') return <Text size="sm">{label}</Text>;
  // The root carries the progressbar role (Mantine's own section would announce only a percent).
  const values = indeterminate
    ? {}
    : { 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuenow': percent, 'aria-valuetext': `${percent}%` };
  return (
    <Stack gap={2} w={width}>
      <Progress.Root size={size} role="progressbar" aria-label={label} {...values}>
        <Progress.Section
          withAria={false}
          value={percent ?? 100}
          color={JOB_STATUS_COLORS[job.status]}
          animated={indeterminate}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed" aria-hidden>
        {indeterminate ? label : `${label} · ${percent}%`}
      </Text>
    </Stack>
  );
};
