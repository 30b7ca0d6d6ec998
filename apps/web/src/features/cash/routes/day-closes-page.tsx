import { Button, Grid, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterSelect } from '../../../components/filter-fields';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { useBusinessToday } from '../../../lib/business-today';
import { useExportDayCloses } from '../api/export-day-closes';
import { useCashPositions } from '../api/get-positions';
import { EMPTY_DAY_CLOSE_FILTERS, type TDayCloseFilters, useDayCloses } from '../api/list-day-closes';
import { DayCloseTable } from '../components/day-close-table';

export const DAY_CLOSES_EXPORT_FAILED = 'Failed to export the day-close report';

/** The day-close report (/admin/cash/day-closes): closed days per collector, with CSV and PDF export. */
export const DayClosesPage = () => {
  const today = useBusinessToday();
  const [filters, setFilters] = useState<TDayCloseFilters>(EMPTY_DAY_CLOSE_FILTERS);
  const [page, setPage] = useState(1);
  const closes = useDayCloses(filters, page);
  const collectors = useCashPositions();
  const exporter = useExportDayCloses();
  const data = closes.isError ? undefined : closes.data;
  const total = data?.total ?? 0;

  const handleFilter = (next: Partial<TDayCloseFilters>) => {
    setFilters({ ...filters, ...next });
    setPage(1);
  };
  const handleExport = (format: 'csv' | 'pdf') =>
    exporter.mutate(
      { filters, format, today },
      { onError: () => notifications.show({ color: 'red', message: DAY_CLOSES_EXPORT_FAILED }) },
    );

  return (
    <Stack gap="md" data-testid="page-day-closes">
      <PageHeader testId="day-closes-title" title="Day Close Report">
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={() => handleExport('csv')}
          disabled={total === 0}
        >
          Export CSV
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileTypePdf size={16} />}
          onClick={() => handleExport('pdf')}
          disabled={total === 0}
        >
          Export PDF
        </Button>
      </PageHeader>
      <Paper withBorder p="md" radius="md">
        <Grid>
          <FilterSelect
            span={{ base: 12, sm: 4 }}
            label="Collector"
            placeholder="All collectors"
            clearable
            data={(collectors.data?.positions ?? []).map((p) => ({
              value: String(p.collector_id),
              label: p.collector_name,
            }))}
            value={filters.collectorId}
            onValueChange={(collectorId) => handleFilter({ collectorId })}
          />
          <DateRangeFilter
            from={filters.from}
            to={filters.to}
            onFromChange={(from) => handleFilter({ from })}
            onToChange={(to) => handleFilter({ to })}
            labels={['From', 'To']}
            span={{ base: 6, sm: 4 }}
            bounded
          />
        </Grid>
      </Paper>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <DayCloseTable closes={data?.day_closes ?? []} loading={closes.isPending} />
          <Text size="sm" c="dimmed" data-testid="day-closes-count">
            {`${total} closed day${total === 1 ? '' : 's'}`}
          </Text>
          <Pager
            page={page}
            totalPages={Math.ceil(total / (data?.limit ?? 20))}
            onChange={setPage}
            disabled={closes.isFetching}
          />
        </Stack>
      </Paper>
    </Stack>
  );
};
