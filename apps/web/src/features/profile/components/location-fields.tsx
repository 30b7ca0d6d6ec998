import type { TProfileForm } from '@lending/domain';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconCurrentLocation } from '@tabler/icons-react';

type TLocationFieldsProps = {
  form: UseFormReturnType<TProfileForm>;
  onLocate: () => void;
  locating: boolean;
};

/** Latitude and longitude, typed or filled by the browser's position. */
export const LocationFields = ({ form, onLocate, locating }: TLocationFieldsProps) => (
  <Card withBorder padding="lg">
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Title order={2} fz="h4">
          Location
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconCurrentLocation size={16} />}
          onClick={onLocate}
          loading={locating}
        >
          Get My Location
        </Button>
      </Group>
      <Group grow align="flex-start" gap="sm">
        <TextInput
          label="Latitude"
          inputMode="decimal"
          placeholder="e.g. 18.5204"
          {...form.getInputProps('latitude')}
        />
        <TextInput
          label="Longitude"
          inputMode="decimal"
          placeholder="e.g. 73.8567"
          {...form.getInputProps('longitude')}
        />
      </Group>
      <Text size="xs" c="dimmed">
        Your location helps your agent or the office reach you.
      </Text>
    </Stack>
  </Card>
);
