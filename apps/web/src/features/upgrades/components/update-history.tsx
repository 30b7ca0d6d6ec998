import { historyActionFor, type TUpdateStatusRecord, type UpdateStatus } from '@lending/domain';
import { Badge, Button, Grid, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { FilterSelect } from '../../../components/filter-fields';
import { ListTable } from '../../../components/list-table';
import { useStaff } from '../api/list-staff';
import { type THistoryFilters, useUpdateHistory } from '../api/list-update-history';
import { formatDateTime } from '../lib/format-moment';
import { STATUS_COLORS, STATUS_LABELS, STATUS_OPTIONS } from '../lib/labels';

const COLUMNS = [
  'Status',
  'Required Version',
  'Current Version',
  'Comments',
  'Updated By',
  'Updated At',
  'Actions',
];

type TProps = {
  filters: THistoryFilters;
  onFiltersChange: (filters: THistoryFilters) => void;
  page: number;
  onPageChange: (page: number) => void;
  busy: boolean;
  onAction: (status: UpdateStatus) => void;
};

const HistoryRow = ({
  record,
  busy,
  onAction,
}: {
  record: TUpdateStatusRecord;
  busy: boolean;
  onAction: TProps['onAction'];
}) => {
  const action = record.status === 'unknown' ? null : historyActionFor(record.status);
  return (
    <Table.Tr data-testid={`update-history-row-${record.id}`}>
      <Table.Td>
        <Badge color={STATUS_COLORS[record.status]}>{STATUS_LABELS[record.status]}</Badge>
      </Table.Td>
      <Table.Td>{record.required_version ?? '-'}</Table.Td>
      <Table.Td>{record.current_version ?? '-'}</Table.Td>
      <Table.Td>{record.comments ?? '-'}</Table.Td>
      <Table.Td>{record.user?.name ?? (record.user_id === null ? '-' : `User #${record.user_id}`)}</Table.Td>
      <Table.Td>{record.last_updated_at ? formatDateTime(record.last_updated_at) : '-'}</Table.Td>
      <Table.Td>
        {action === null ? null : (
          <Button size="compact-sm" variant="light" disabled={busy} onClick={() => onAction(action.to)}>
            {action.label}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
};

/** The history: filters by user, status and version, the rows with their actions, Prev/Next. */
export const UpdateHistory = ({ filters, onFiltersChange, page, onPageChange, busy, onAction }: TProps) => {
  const history = useUpdateHistory(filters, page);
  const staff = useStaff();
  // A failure to load is ignored: no rows, no message.
  const records = history.isError ? [] : (history.data?.records ?? []);
  const totalPages = Math.max(history.data?.totalPages ?? 1, 1);
  const set = <K extends keyof THistoryFilters>(key: K, value: THistoryFilters[K]) =>
    onFiltersChange({ ...filters, [key]: value });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text fw={600}>Update History</Text>
        <Grid gap="sm">
          <FilterSelect
            span={{ base: 12, sm: 4 }}
            label="User"
            placeholder="All users"
            clearable
            data={(staff.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
            value={filters.userId}
            onValueChange={(value) => set('userId', value)}
          />
          <FilterSelect
            span={{ base: 12, sm: 4 }}
            label="Status"
            placeholder="All statuses"
            clearable
            data={STATUS_OPTIONS}
            value={filters.status}
            onValueChange={(value) => set('status', value as UpdateStatus | '')}
          />
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Version"
              placeholder="e.g. 2.0.0"
              value={filters.version}
              onChange={(event) => set('version', event.currentTarget.value)}
            />
          </Grid.Col>
        </Grid>
        <ListTable
          columns={COLUMNS}
          minWidth={800}
          empty={history.isPending ? 'Loading...' : records.length === 0 ? 'No history found' : null}
        >
          {records.map((record) => (
            <HistoryRow key={record.id} record={record} busy={busy} onAction={onAction} />
          ))}
        </ListTable>
        <Group justify="space-between">
          <Button
            variant="default"
            size="compact-sm"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Prev
          </Button>
          <Text
            size="sm"
            c="dimmed"
            data-testid="update-history-page"
          >{`Page ${page} of ${totalPages}`}</Text>
          <Button
            variant="default"
            size="compact-sm"
            disabled={page >= totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
};
