import { istMomentText, type TDayEndClose } from '@lending/domain';
import { Anchor, Badge, Table } from '@mantine/core';
import { Link } from 'react-router';
import { ClippedText } from '../../../components/clipped-text';
import { ListTable } from '../../../components/list-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { CLOSE_STATUS_COLORS, CLOSE_STATUS_LABELS, closeDuration } from '../lib/closes';

const COLUMNS = [
  'Business date',
  'Status',
  'Runs',
  'Loans',
  'Changes',
  'NPA outstanding',
  'Started',
  'Duration',
  'Started by',
];

/** Who started a close: a person, or the scheduler when no one did. */
export const SCHEDULED = 'Scheduled';

type TClosesTableProps = { closes: readonly TDayEndClose[]; empty: string | null };

/**
 * The day-end closes of a page, newest business day first. A failed one shows its error under its
 * status, cut to a line; its date opens its job, where the whole error shows.
 */
export const ClosesTable = ({ closes, empty }: TClosesTableProps) => (
  <ListTable columns={COLUMNS} minWidth={960} empty={empty} data-testid="closes-table">
    {closes.map((close) => (
      <Table.Tr key={close.businessDate} data-testid={`close-row-${close.businessDate}`}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          {close.jobId === null ? (
            formatDate(close.businessDate)
          ) : (
            <Anchor component={Link} to={`/admin/jobs/${close.jobId}`} size="sm" fw={600}>
              {formatDate(close.businessDate)}
            </Anchor>
          )}
        </Table.Td>
        <Table.Td>
          <Badge color={CLOSE_STATUS_COLORS[close.status]} variant="light" miw="max-content">
            {CLOSE_STATUS_LABELS[close.status]}
          </Badge>
          {close.error === null ? null : <ClippedText text={close.error} maxWidth={160} c="red" />}
        </Table.Td>
        <Table.Td>{close.runs}</Table.Td>
        <Table.Td>{close.loans}</Table.Td>
        <Table.Td>{close.changes}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(close.npaOutstanding)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{istMomentText(close.startedAt)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{closeDuration(close.durationMs)}</Table.Td>
        <Table.Td>{close.startedBy?.name ?? SCHEDULED}</Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);
