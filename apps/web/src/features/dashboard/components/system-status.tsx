import type { ServiceState } from '@lending/domain';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSystemStatus } from '../api/get-activity-and-status';

const STATE_COLORS: Record<ServiceState, string> = { operational: 'teal', degraded: 'yellow', down: 'red' };

/**
 * The installation's health: each real check with its status and what it measured; its own error state.
 * `children` are parts other features add under the checks (the message channels), composed in by the app.
 */
export const SystemStatus = ({ children }: { children?: ReactNode }) => {
  const status = useSystemStatus();
  return (
    <Paper withBorder p="md" radius="md" h="100%" data-testid="system-status">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          System Status
        </Title>
        {status.data === undefined ? null : (
          <Badge color={STATE_COLORS[status.data.overall]} data-testid="system-overall">
            {status.data.overall}
          </Badge>
        )}
      </Group>
      {status.isPending ? (
        <Text c="dimmed">Checking…</Text>
      ) : status.isError ? (
        <Text c="red">Failed to load system status</Text>
      ) : (
        <Stack gap="xs">
          {status.data.services.map((service) => (
            <Group key={service.name} justify="space-between" wrap="nowrap" data-testid="system-service">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {service.name}
                </Text>
                <Text size="xs" c="dimmed" truncate title={service.detail}>
                  {service.detail}
                </Text>
              </div>
              <Stack gap={0} align="flex-end">
                <Badge color={STATE_COLORS[service.status]} variant="light">
                  {service.status}
                </Badge>
                <Text size="xs" c="dimmed">
                  {service.uptime}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {children === undefined ? null : (
        <Stack gap="xs" mt="md">
          {children}
        </Stack>
      )}
    </Paper>
  );
};
