import { holidayMessages, type THolidayRequest, type THolidayView } from '@lending/domain';
import { Button, Grid, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { confirmAction } from '../../../components/confirm';
import { PageHeader } from '../../../components/page-header';
import { useBusinessToday } from '../../../lib/business-today';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useDeleteHoliday } from '../api/delete-holiday';
import { useHolidays } from '../api/list-holidays';
import { useNationalHolidays } from '../api/list-national-holidays';
import { DeclareHolidayModal } from '../components/declare-holiday-modal';
import { HolidayTable } from '../components/holiday-table';
import { NationalHolidaysPanel } from '../components/national-holidays-panel';
import { holidayDateLabel } from '../lib/holiday-format';

export const HOLIDAY_TEXTS = {
  loadFailed: 'Failed to fetch holidays',
  deleteFailed: 'Failed to remove the holiday',
} as const;

/** The years the selector offers around this one (the API takes 2000 to 2100). */
const yearsAround = (year: number) =>
  Array.from({ length: 6 }, (_, index) => year - 3 + index)
    .filter((option) => option >= 2000 && option <= 2100)
    .map(String);

const toast = (color: 'red' | 'green', message: string) => notifications.show({ color, message });

/** Holidays (/admin/holidays, admins and superadmins): the collection calendar's days off. */
export const HolidaysPage = () => {
  const today = useBusinessToday();
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const list = useHolidays(year);
  const national = useNationalHolidays(year);
  const deleter = useDeleteHoliday();
  const [declaring, setDeclaring] = useState<{ initial: THolidayRequest | null } | null>(null);
  useQueryFailure(list, () => toast('red', HOLIDAY_TEXTS.loadFailed));

  const handleDelete = async (holiday: THolidayView) => {
    const confirmed = await confirmAction({
      title: 'Remove holiday',
      message: `Remove ${holiday.name} (${holidayDateLabel(holiday.date)}) from the holiday list? Collections happen on that day again.`,
      confirmLabel: 'Remove',
    });
    if (!confirmed) return;
    try {
      toast('green', (await deleter.mutateAsync(holiday.date)).message || holidayMessages.removed);
    } catch (error) {
      toast('red', errorMessage(error, HOLIDAY_TEXTS.deleteFailed));
    }
  };

  return (
    <Stack gap="md" data-testid="page-holidays">
      <PageHeader
        testId="holidays-title"
        title="Holidays"
        subtitle="No collection on these days: instalments move forward to the next collection day"
        align="flex-end"
      >
        <Select
          label="Year"
          w={110}
          data={yearsAround(thisYear)}
          value={String(year)}
          allowDeselect={false}
          onChange={(value) => setYear(value === null ? thisYear : Number(value))}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDeclaring({ initial: null })}>
          Declare holiday
        </Button>
      </PageHeader>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <HolidayTable
            year={year}
            holidays={list.isError ? [] : (list.data?.holidays ?? [])}
            loading={list.isPending}
            onDelete={(holiday) => void handleDelete(holiday)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <NationalHolidaysPanel
            holidays={national.data?.holidays ?? []}
            loading={national.isPending}
            failed={national.isError}
            today={today}
            onAdd={({ date, name }) => setDeclaring({ initial: { date, name } })}
          />
        </Grid.Col>
      </Grid>
      <DeclareHolidayModal
        opened={declaring !== null}
        initial={declaring?.initial ?? null}
        today={today}
        onClose={() => setDeclaring(null)}
      />
    </Stack>
  );
};
