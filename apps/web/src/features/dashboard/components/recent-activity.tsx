import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { inIst } from '../../../lib/dayjs';
import { formatMoney } from '../../../lib/format';
import { useRecentActivities } from '../api/get-activity-and-status';
import { activityItems } from '../lib/activity';

/** The 8 newest loans, payments, bounces and users, with their own loading, error and empty states. */
export const RecentActivity = () => {
  const activities = useRecentActivities();
  const items = activities.data === undefined ? [] : activityItems(activities.data);
  return (
    <Paper withBorder p="md" radius="md" h="100%" data-testid="recent-activity">
      <Title order={2} fz="h4" mb="sm">
        Recent Activity
      </Title>
      {activities.isPending ? (
        <Text c="dimmed">Loading recent activity…</Text>
      ) : activities.isError ? (
        <Text c="red">Failed to load recent activity</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">No recent activity</Text>
      ) : (
        <Stack gap="xs">
          {items.map((item) => (
            <Group key={item.key} justify="space-between" wrap="nowrap" gap="sm" data-testid="activity-item">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Badge color={item.color} variant="light" w={92} style={{ flexShrink: 0 }}>
                  {item.type}
                </Badge>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {item.user}
                  </Text>
                  <Text size="xs" c="dimmed" truncate title={item.detail}>
                    {item.detail}
                  </Text>
                </div>
              </Group>
              <Stack gap={0} align="flex-end">
                {item.amount === null ? null : (
                  <Text size="sm" fw={600} c={item.color}>
                    {formatMoney(item.amount)}
                  </Text>
                )}
                <Text size="xs" c="dimmed" title={inIst(item.time).format('DD-MMM-YYYY HH:mm')}>
                  {inIst(item.time).fromNow()}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
};
