import { DEFAULT_APP_VERSION, type TUpdateStatusRecord } from '@lending/domain';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../lib/format-moment';
import { STATUS_COLORS, STATUS_LABELS } from '../lib/labels';

/** The latest record: status, versions, comments, who changed it and when. */
export const CurrentStatusCard = ({ record }: { record: TUpdateStatusRecord | undefined }) => {
  const status = record?.status ?? 'unknown';
  return (
    <Paper withBorder p="md" radius="md" data-testid="update-current-status">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={600}>Current Status</Text>
          <Badge color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</Badge>
        </Group>
        <Text size="sm">{`Required version: ${record?.required_version ?? DEFAULT_APP_VERSION}`}</Text>
        <Text size="sm">{`Current version: ${record?.current_version ?? DEFAULT_APP_VERSION}`}</Text>
        {record?.comments ? <Text size="sm">{`Comments: ${record.comments}`}</Text> : null}
        {record?.last_updated_at ? (
          <Text size="xs" c="dimmed">
            {`Last updated ${formatDateTime(record.last_updated_at)}${record.user ? ` by ${record.user.name}` : ''}`}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
};
