import type { JobStatus } from '@lending/domain';
import { Badge } from '@mantine/core';
import { JOB_STATUS_COLORS, JOB_STATUS_LABELS } from '../lib/jobs';

/** A job's status in its colour (grey queued, blue running, green succeeded, red failed), never cut short. */
export const JobStatusBadge = ({ status }: { status: JobStatus }) => (
  <Badge color={JOB_STATUS_COLORS[status]} variant="light" miw="max-content">
    {JOB_STATUS_LABELS[status]}
  </Badge>
);
