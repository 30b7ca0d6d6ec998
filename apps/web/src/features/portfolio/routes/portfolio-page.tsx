import type { EfficiencyPeriod } from '@lending/domain';
import { Button, Grid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PickerDateInput } from '../../../components/date-range-filter';
import { PageHeader } from '../../../components/page-header';
import { useBusinessToday } from '../../../lib/business-today';
import { type TPortfolioExport, useExportPortfolio } from '../api/export-portfolio';
import { useEfficiency } from '../api/get-efficiency';
import { useParTrend } from '../api/get-par-trend';
import { usePortfolioSummary } from '../api/get-summary';
import { AgeingTable } from '../components/ageing-table';
import { AgentsTable } from '../components/agents-table';
import { EfficiencyPanel } from '../components/efficiency-panel';
import { ParTrendChart } from '../components/par-trend-chart';
import { RiskCards } from '../components/risk-cards';

export const PORTFOLIO_FETCH_FAILED = 'Failed to fetch the portfolio figures';
export const PORTFOLIO_EXPORT_FAILED = 'Failed to export the portfolio figures';

/** Portfolio (/admin/portfolio): PAR, ageing, per-agent risk and collection efficiency as of a day. */
export const PortfolioPage = () => {
  const today = useBusinessToday();
  // '' is today: the server's business day, so the figures follow it without a reload.
  const [asOf, setAsOf] = useState('');
  const [period, setPeriod] = useState<EfficiencyPeriod>('month');
  const summary = usePortfolioSummary(asOf);
  const efficiency = useEfficiency(period, asOf);
  const trend = useParTrend();
  const exporter = useExportPortfolio();

  const failed = summary.isError || efficiency.isError || trend.isError;
  useEffect(() => {
    if (failed) notifications.show({ color: 'red', message: PORTFOLIO_FETCH_FAILED });
  }, [failed]);

  const handleExport = (which: TPortfolioExport) =>
    exporter.mutate(which, {
      onError: () => notifications.show({ color: 'red', message: PORTFOLIO_EXPORT_FAILED }),
    });

  return (
    <Stack gap="md" data-testid="page-portfolio">
      <PageHeader
        testId="portfolio-title"
        title="Portfolio"
        subtitle="How much of the book is overdue, and how well dues are collected"
        align="flex-end"
      >
        <PickerDateInput
          label="As of"
          value={asOf === '' ? today : asOf}
          maxDate={today}
          onChange={(value) => setAsOf(value === null || value === today ? '' : String(value))}
          w={160}
          data-testid="portfolio-as-of"
        />
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={() => handleExport({ kind: 'summary', asOf })}
          loading={exporter.isPending}
        >
          Export PAR
        </Button>
      </PageHeader>
      <RiskCards summary={summary.data} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AgeingTable buckets={summary.data?.buckets ?? []} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ParTrendChart trend={trend.data} />
        </Grid.Col>
      </Grid>
      <AgentsTable agents={summary.data?.agents ?? []} />
      <EfficiencyPanel
        efficiency={efficiency.data}
        period={period}
        onPeriodChange={setPeriod}
        onExport={() => handleExport({ kind: 'efficiency', period, date: asOf })}
        exporting={exporter.isPending}
      />
    </Stack>
  );
};
