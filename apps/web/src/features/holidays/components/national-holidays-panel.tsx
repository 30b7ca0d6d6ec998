import type { TNationalHolidaysResponse } from '@lending/domain';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { holidayDateLabel } from '../lib/holiday-format';

type TNationalHoliday = TNationalHolidaysResponse['holidays'][number];

type TNationalHolidaysPanelProps = {
  holidays: TNationalHoliday[];
  loading: boolean;
  failed: boolean;
  /** Today's business day: an earlier day can no longer be declared. */
  today: string;
  onAdd: (holiday: TNationalHoliday) => void;
};

/**
 * India's national holidays of the year shown and the next, as a preset: each one not yet on the
 * list has Add, which opens the same preview and confirmation as any holiday.
 */
export const NationalHolidaysPanel = ({
  holidays,
  loading,
  failed,
  today,
  onAdd,
}: TNationalHolidaysPanelProps) => (
  <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="national-holidays-title">
    <Stack gap="xs">
      <Title order={2} fz="h4" id="national-holidays-title">
        National holidays
      </Title>
      <Text size="sm" c="dimmed">
        Republic Day, Independence Day and Gandhi Jayanti. Festival holidays differ by state: declare them
        yourself.
      </Text>
      {failed ? (
        <Text size="sm" c="red">
          Failed to fetch the national holidays
        </Text>
      ) : loading ? (
        <Text size="sm" c="dimmed">
          Loading national holidays...
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {holidays.map((holiday) => (
            <Group
              key={holiday.date}
              component="li"
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              data-testid={`national-${holiday.date}`}
            >
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {holiday.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {holidayDateLabel(holiday.date)}
                </Text>
              </Stack>
              {holiday.declared ? (
                <Badge color="green" variant="light">
                  Declared
                </Badge>
              ) : holiday.date < today ? (
                <Badge color="gray" variant="light">
                  Past
                </Badge>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`Add ${holiday.name} ${holidayDateLabel(holiday.date)}`}
                  onClick={() => onAdd(holiday)}
                >
                  Add
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  </Paper>
);
