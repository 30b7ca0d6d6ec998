import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SectionLoader } from '../../../components/loading-or-failed';
import { PageTitle } from '../../../components/page-title';
import { useNotifications } from '../api/list-notifications';
import { NotificationCard } from '../components/notification-card';

export const NO_NOTIFICATIONS = 'No notifications found.';

/** The caller's inbox (/notifications, /agent/notifications): newest first, 20 a page. */
export const NotificationsPage = () => {
  const [page, setPage] = useState(1);
  const inbox = useNotifications(page);
  const entries = inbox.data?.notifications ?? [];
  const totalPages = Math.max(inbox.data?.totalPages ?? 0, 1);

  const goTo = (next: number) => {
    window.scrollTo({ top: 0 });
    setPage(next);
  };

  return (
    <Stack gap="md" data-testid="page-notifications">
      <PageTitle testId="notifications-title" title="Notifications" />
      {inbox.isPending ? (
        <SectionLoader />
      ) : entries.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {NO_NOTIFICATIONS}
        </Text>
      ) : (
        entries.map((entry) => <NotificationCard key={entry.id} notification={entry} />)
      )}
      <Group justify="center" gap="sm">
        <Button variant="default" size="compact-sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
          Prev
        </Button>
        <Text
          size="sm"
          data-testid="notifications-page-info"
        >{`Page ${Math.min(page, totalPages)} of ${totalPages}`}</Text>
        <Button
          variant="default"
          size="compact-sm"
          disabled={page >= totalPages}
          onClick={() => goTo(page + 1)}
        >
          Next
        </Button>
      </Group>
    </Stack>
  );
};
