import type { TJob } from '@lending/domain';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ClippedText } from '../../../components/clipped-text';
import { ListTable } from '../../../components/list-table';
import { formatJobTime, isJobActive, jobName, jobTook } from '../lib/jobs';
import { useNow } from '../lib/use-now';
import { JobProgress } from './job-progress';
import { JobStatusBadge } from './job-status-badge';

const COLUMNS = ['Job', 'Status', 'Progress', 'Started by', 'Created', 'Took', 'Error'];

type TJobsTableProps = { jobs: TJob[]; empty: string | null };

/** The jobs of a page; each job's name opens its page, where its whole error shows. On a phone, cards. */
export const JobsTable = ({ jobs, empty }: TJobsTableProps) => {
  const now = useNow(jobs.some(isJobActive));
  return (
    <ListTable minWidth={960} columns={COLUMNS} highlightOnHover data-testid="jobs-table" empty={empty}>
      {jobs.map((job) => (
        <Table.Tr key={job.id} data-testid={`job-row-${job.id}`}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Anchor component={Link} to={`/admin/jobs/${job.id}`} fw={600} size="sm">
              {jobName(job)}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <JobStatusBadge status={job.status} />
          </Table.Td>
          <Table.Td>
            <JobProgress job={job} width={110} />
          </Table.Td>
          <Table.Td>{job.startedBy?.name ?? 'System'}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatJobTime(job.createdAt, false)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{jobTook(job, now)}</Table.Td>
          <Table.Td>
            {job.error === null ? (
              <Text size="sm">—</Text>
            ) : (
              <ClippedText text={job.error} maxWidth={160} c="red" />
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
};
