import { SUPPORT_STATUSES, type SupportStatus, type TSupportMessage } from '@lending/domain';
import { Badge, Group, Paper, Rating, Select, Stack, Text, Title } from '@mantine/core';
import { inIst } from '../../../lib/dayjs';

const STATUS_COLORS: Record<SupportStatus, string> = {
  Pending: 'yellow',
  'In-Progress': 'blue',
  Resolved: 'green',
};

type TSupportMessageCardProps = {
  message: TSupportMessage;
  onStatusChange: (status: SupportStatus) => void;
  busy: boolean;
};

/** One message: subject, text, category, rating (reviews), status, when and who; a status dropdown. */
export const SupportMessageCard = ({ message, onStatusChange, busy }: TSupportMessageCardProps) => (
  <Paper withBorder p="md" radius="md" data-testid={`support-message-${message.id}`}>
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Title order={2} fz="md">
          {message.subject}
        </Title>
        <Badge color={STATUS_COLORS[message.status]} variant="light">
          {message.status}
        </Badge>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {message.message}
      </Text>
      <Group gap="xs">
        <Badge variant="outline" color="gray">
          {message.category}
        </Badge>
        {message.rating === null ? null : (
          <Group gap={4} aria-label={`Rating ${message.rating} of 5`}>
            <Rating value={message.rating} readOnly size="sm" />
            <Text size="xs" c="dimmed">{`${message.rating}/5`}</Text>
          </Group>
        )}
      </Group>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Text size="xs" c="dimmed">
          {`${message.user ? `${message.user.name} (${message.user.Role.name})` : 'Deleted user'} · ${inIst(message.createdAt).format('DD MMM YYYY, hh:mm A')}`}
        </Text>
        <Select
          aria-label={`Status of message ${message.id}`}
          size="xs"
          w={150}
          data={[...SUPPORT_STATUSES]}
          value={message.status}
          onChange={(value) => {
            if (value && value !== message.status) onStatusChange(value as SupportStatus);
          }}
          allowDeselect={false}
          disabled={busy}
        />
      </Group>
    </Stack>
  </Paper>
);
