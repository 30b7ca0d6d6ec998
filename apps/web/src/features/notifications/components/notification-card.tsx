import type { TNotification } from '@lending/domain';
import { Image, Paper, Stack, Text, Title } from '@mantine/core';
import { inIst } from '../../../lib/dayjs';

/** One inbox entry: subject, description, its image if any, and when it was sent (IST). */
export const NotificationCard = ({ notification }: { notification: TNotification }) => (
  <Paper withBorder p="md" radius="md" data-testid={`notification-${notification.id}`}>
    <Stack gap={6}>
      <Title order={2} fz="md">
        {notification.subject}
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {notification.description}
      </Text>
      {notification.image_url ? (
        // The server accepts only http(s) addresses; no referrer leaves with the request.
        <Image
          src={notification.image_url}
          alt={notification.subject}
          maw={480}
          radius="sm"
          referrerPolicy="no-referrer"
        />
      ) : null}
      <Text size="xs" c="dimmed">
        {`Sent ${inIst(notification.sent_at).format('DD MMM YYYY, hh:mm A')}`}
      </Text>
    </Stack>
  </Paper>
);
