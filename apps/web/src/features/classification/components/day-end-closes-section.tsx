import { CLOSE_PAGE_SIZE } from '@lending/domain';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { Pager } from '../../../components/pager';
import { useBusinessToday } from '../../../lib/business-today';
import { showingRange } from '../../../lib/paging';
import { useDayEndCloses } from '../api/list-closes';
import { CloseDayForm } from './close-day-form';
import { ClosesTable } from './closes-table';

/** The history's failure, where the server said nothing of its own. */
export const CLOSES_LOAD_FAILED = 'Failed to load the day-end closes';
/** The history before any close. */
export const NO_CLOSES = 'No day-end close has run yet';

/** "Runs by itself at 23:30 (India time)". */
export const scheduleText = (closeAt: string) => `Runs by itself at ${closeAt} (India time)`;

/** The Jobs screen's day-end closes (superadmin): when they run, their history, and closing a day by hand. */
export const DayEndClosesSection = () => {
  const [page, setPage] = useState(1);
  const closes = useDayEndCloses(page);
  const today = useBusinessToday();
  const titleId = useId();
  const data = closes.isError ? undefined : closes.data;
  const rows = data?.closes ?? [];
  const empty =
    rows.length > 0
      ? null
      : closes.isPending
        ? 'Loading the day-end closes...'
        : closes.isError
          ? errorMessage(closes.error, CLOSES_LOAD_FAILED)
          : NO_CLOSES;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md" data-testid="day-end-closes">
        <div>
          <Title order={2} fz="h4" id={titleId}>
            Day-end closes
          </Title>
          {data === undefined ? null : (
            <Text size="sm" c="gray" data-testid="day-end-schedule">
              {scheduleText(data.closeAt)}
            </Text>
          )}
        </div>
        <CloseDayForm today={today} />
        <ClosesTable closes={rows} empty={empty} />
        <Text size="sm" c="gray" data-testid="closes-summary">
          {showingRange(page, CLOSE_PAGE_SIZE, data?.total ?? 0)}
        </Text>
        <Pager page={page} totalPages={data?.totalPages ?? 0} onChange={setPage} />
      </Stack>
    </Paper>
  );
};
