import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconExternalLink, IconMapPinOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { hasErrorCode } from '../../../api/client';
import { SectionLoader } from '../../../components/loading-or-failed';
import { RefreshButton } from '../../../components/refresh-button';
import { inIst } from '../../../lib/dayjs';
import { type TLocation, useUserLocation } from '../api/user-location';
import { coordinatesText, mapsSearchUrl } from '../lib/users-screen';

export const locationMessages = {
  forbidden: 'Access denied. Only superadmin can view user locations.',
  notFound: 'User location not found.',
  failed: 'Failed to load user location. Please try again.',
  empty: 'No location data available for this user',
  refreshFailed: 'Failed to refresh location. Please try again.',
  copied: 'Coordinates copied to clipboard!',
  copyFailed: 'Failed to copy coordinates',
} as const;

const loadErrorMessage = (error: unknown): string => {
  if (hasErrorCode(error, 'FORBIDDEN')) return locationMessages.forbidden;
  if (hasErrorCode(error, 'NOT_FOUND')) return locationMessages.notFound;
  return locationMessages.failed;
};

const hasPosition = (location: TLocation): location is TLocation & { latitude: number; longitude: number } =>
  location.latitude !== null && location.longitude !== null;

type TLocationDetailsProps = { location: TLocation & { latitude: number; longitude: number } };

const LocationDetails = ({ location }: TLocationDetailsProps) => {
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(coordinatesText(location.latitude, location.longitude));
      notifications.show({ color: 'green', message: locationMessages.copied });
    } catch {
      notifications.show({ color: 'red', message: locationMessages.copyFailed });
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Badge color={location.location_enabled ? 'green' : 'gray'} variant="light">
          {location.location_enabled ? 'Location Enabled' : 'Location Disabled'}
        </Badge>
        {location.location_updated_at === null ? null : (
          <Text size="sm" c="dimmed">
            Last updated: {inIst(location.location_updated_at).format('DD MMM YYYY, hh:mm A')}
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <div>
          <Text size="xs" c="dimmed">
            Latitude
          </Text>
          <Text fw={500}>{location.latitude}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Longitude
          </Text>
          <Text fw={500}>{location.longitude}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            Accuracy
          </Text>
          <Text fw={500}>
            {location.location_accuracy === null ? '-' : `${location.location_accuracy} meters`}
          </Text>
        </div>
      </SimpleGrid>
      <Group>
        <Button
          component="a"
          href={mapsSearchUrl(location.latitude, location.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconExternalLink size={16} />}
        >
          Open in Maps
        </Button>
        <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void handleCopy()}>
          Copy
        </Button>
      </Group>
    </Stack>
  );
};

type TUserLocationModalProps = { user: { id: number; name: string } | null; onClose: () => void };

/** User Location (superadmin): the last shared position with every empty and error state. */
export const UserLocationModal = ({ user, onClose }: TUserLocationModalProps) => {
  const query = useUserLocation(user?.id ?? null);
  const answeredEmpty = query.isSuccess && query.data === null;

  useEffect(() => {
    if (answeredEmpty) notifications.show({ color: 'yellow', message: locationMessages.empty });
  }, [answeredEmpty]);

  const handleRefresh = async () => {
    const result = await query.refetch();
    if (result.isError) notifications.show({ color: 'red', message: locationMessages.refreshFailed });
  };

  const body = (() => {
    if (query.isPending) {
      return <SectionLoader label="Loading location" />;
    }
    if (query.isError && query.data === undefined) {
      return (
        <Alert color="red" title="Error">
          <Stack gap="sm">
            <Text size="sm">{loadErrorMessage(query.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      );
    }
    const location = query.data;
    if (location === null || !hasPosition(location)) {
      return (
        <Stack align="center" gap="xs" py="lg" ta="center">
          <IconMapPinOff size={40} />
          <Text fw={600}>No Location Data</Text>
          <Text c="dimmed" size="sm">
            {location === null
              ? 'Location information is not available for this user.'
              : "This user hasn't shared their location yet."}
          </Text>
        </Stack>
      );
    }
    return <LocationDetails location={location} />;
  })();

  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      centered
      size="lg"
      title={
        <Stack gap={0}>
          <Text fw={600}>User Location</Text>
          <Text size="sm" c="dimmed">
            {user?.name}
          </Text>
        </Stack>
      }
    >
      <Stack>
        {body}
        <Group justify="flex-end">
          <RefreshButton
            loading={query.isFetching && !query.isPending}
            onClick={() => void handleRefresh()}
            disabled={user === null}
          />
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
};
