import { appUpdateMessages } from '@lending/domain';
import { Badge, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingOrFailed } from '../../../components/loading-or-failed';
import { useAppUpdateConfig } from '../api/get-app-update-config';
import { formatFileSize, formatMoment } from '../lib/format';

const Item = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={500} component="div">
      {children}
    </Text>
  </Stack>
);

/** The Android configuration the field app is offered, read-only. */
export const CurrentVersionCard = () => {
  const { data, isError } = useAppUpdateConfig();
  return (
    <Card withBorder data-testid="apk-current-version">
      <Title order={2} fz="h3" mb="sm">
        Current Version
      </Title>
      {data === undefined ? (
        <LoadingOrFailed failed={isError} message={appUpdateMessages.loadFailed} />
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            <Item label="Version">{data.version}</Item>
            <Item label="Minimum Version">{data.minVersion}</Item>
            <Item label="Force Update">
              <Badge color={data.forceUpdate ? 'red' : 'gray'}>{data.forceUpdate ? 'Yes' : 'No'}</Badge>
            </Item>
            <Item label="Release Date">{formatMoment(data.releaseDate)}</Item>
            <Item label="File Size">{formatFileSize(data.fileSize)}</Item>
          </SimpleGrid>
          <Item label="Changelog">
            {data.changelog.length === 0 ? (
              '-'
            ) : (
              <List size="sm">
                {data.changelog.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; their order is their identity
                  <List.Item key={index}>{line}</List.Item>
                ))}
              </List>
            )}
          </Item>
        </Stack>
      )}
    </Card>
  );
};
