import { holidayMessages } from '@lending/domain';
import { Alert } from '@mantine/core';
import { IconBeach } from '@tabler/icons-react';
import { useHolidayToday } from '../api/get-holiday-today';

/**
 * "Holiday — no collections today" with the holiday's name, on the dashboards when today's business
 * day is on the holiday list; nothing otherwise (nor when the answer fails: it only informs).
 */
export const HolidayTodayBanner = () => {
  const holiday = useHolidayToday().data?.holiday ?? null;
  if (holiday === null) return null;
  return (
    <Alert
      role="status"
      color="orange"
      variant="light"
      icon={<IconBeach size={20} aria-hidden />}
      title={holidayMessages.today}
      data-testid="holiday-today-banner"
    >
      {holiday.name}
    </Alert>
  );
};
