import { dueEmiState, istDateOf, rupeesToPaise, type TDueEmi } from '@lending/domain';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { ListEnd } from '../../../components/list-end';
import { SectionLoader } from '../../../components/loading-or-failed';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { clockQueryOptions } from '../../../lib/business-today';
import { useInfiniteSentinel } from '../../../lib/use-infinite-sentinel';
import { usePhone } from '../../../lib/use-phone';
import { useExportDueEmis } from '../api/export-due-emis';
import { emiKeys } from '../api/keys';
import { dueEmisQueryOptions, type TDueFilters, useDueEmis } from '../api/list-due-emis';
import { BounceEmiModal, type TBounceTarget } from '../components/bounce-emi-modal';
import { DueCards } from '../components/due-cards';
import { DueFilters } from '../components/due-filters';
import { DueCardsList, DueTable } from '../components/due-table';
import { PayEmiModal } from '../components/pay-emi-modal';
import { dueFiltersOf, serverTotals, type TDuePages, withoutDueRow } from '../lib/due-pages';
import { DUE_LIST_BOUNCE_REASON, dueTitleOf, EMI_FAILURES, EMI_SUCCESSES } from '../lib/labels';
import type { TPayTarget } from '../lib/pay-target';

/** Due-list search debounce. */
export const DUE_SEARCH_DEBOUNCE_MS = 500;

const payTargetOf = (row: TDueEmi): TPayTarget => ({
  loanId: row.Loan.id,
  loanCode: row.Loan.loan_code,
  emiNumber: row.emi_number,
  amount: rupeesToPaise(row.amount),
  lateCharge: rupeesToPaise(row.late_charge),
  bounced: row.status === 'bounced',
  state: dueEmiState(row),
  latestLateCharge: rupeesToPaise(row.late_charge),
  wholeLoan: false,
});

const bounceTargetOf = (row: TDueEmi): TBounceTarget => ({
  loanId: row.Loan.id,
  loanCode: row.Loan.loan_code,
  emiNumber: row.emi_number,
  amount: rupeesToPaise(row.amount),
  lateCharge: rupeesToPaise(row.late_charge),
  startCharge: row.Loan.bounce_charge === null ? undefined : rupeesToPaise(row.Loan.bounce_charge),
});

/** Payments Due (/admin/payments-due): the day's EMIs, collected or bounced here. */
export const PaymentsDuePage = () => {
  const phone = usePhone();
  const queryClient = useQueryClient();
  // Today in Asia/Kolkata as the server's clock has it (pinned in demos), the browser's meanwhile.
  const clock = useQuery(clockQueryOptions());
  const clockSettled = clock.status !== 'pending' || clock.fetchStatus === 'idle';
  // Date, dates and status live in the URL, so a dashboard figure can open the list it summarises.
  const [params, setParams] = useSearchParams();
  const fromUrl = dueFiltersOf(params);
  const date = fromUrl.date ?? clock.data?.today ?? istDateOf(new Date());
  const { dates, status } = fromUrl;
  // A range without its last day (or ending before it starts) is the one day.
  const to = fromUrl.to !== undefined && fromUrl.to >= date ? fromUrl.to : date;
  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), DUE_SEARCH_DEBOUNCE_MS);
  const [paying, setPaying] = useState<TDueEmi | null>(null);
  const [bouncing, setBouncing] = useState<TDueEmi | null>(null);
  const filters: TDueFilters = { date, dates, to, search, status };
  const due = useDueEmis(filters, clockSettled);
  const exporter = useExportDueEmis();

  // A failed first page clears the list ('Failed to fetch EMIs', inline); a failed later page keeps
  // the rows shown and offers to try again.
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = due;
  const firstFailed = due.isError && !isFetchNextPageError;
  const pages = firstFailed ? [] : (due.data?.pages ?? []);
  const rows = pages.flatMap((page) => page.emis);
  // The cards and the record count are the server's, over the whole filter, not the rows loaded.
  const totals = serverTotals(pages[0]);
  const records = pages[0]?.total ?? 0;
  const sentinel = useInfiniteSentinel(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !due.isError,
  );

  /** Optimistic removal: the row goes, and with it its share of the counts and totals. */
  const removeRow = (row: TDueEmi) => {
    const { queryKey } = dueEmisQueryOptions(filters);
    void queryClient.cancelQueries({ queryKey });
    queryClient.setQueryData<TDuePages>(queryKey, (data) => withoutDueRow(data, row));
  };
  const reload = () => void queryClient.invalidateQueries({ queryKey: emiKeys.due });

  const handleExport = async () => {
    try {
      await exporter.mutateAsync(filters);
      notifications.show({ color: 'green', message: EMI_SUCCESSES.exported });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, EMI_FAILURES.exportDue) });
    }
  };

  return (
    <Stack data-testid="page-payments-due" gap="md">
      <PageHeader
        testId="payments-due-title"
        title="Payments Due"
        subtitle="EMIs due today with pending status, ready to collect"
        align="flex-start"
        gap="sm"
      >
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exporter.isPending}
          onClick={() => void handleExport()}
        >
          Export CSV
        </Button>
        <RefreshButton variant="light" loading={due.isFetching} onClick={() => void due.refetch()} />
      </PageHeader>

      <DueFilters
        date={date}
        onDateChange={(value) => setParam('date', value)}
        dates={dates}
        onDatesChange={(value) => setParam('dates', value)}
        to={to}
        onToChange={(value) => setParam('to', value)}
        search={searchInput}
        onSearchChange={setSearchInput}
        status={status}
        onStatusChange={(value) => setParam('status', value)}
      />
      <DueCards totals={totals} />

      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Title order={2} fz="h4" mb="sm" data-testid="due-table-title">
          {`${dueTitleOf(dates)} (${records} records)`}
        </Title>
        {firstFailed ? (
          <Alert color="red">{EMI_FAILURES.fetchDue}</Alert>
        ) : due.isPending ? (
          <SectionLoader label="Loading EMIs" />
        ) : rows.length === 0 ? (
          <Stack align="center" gap={4} py="xl">
            <Text fw={600}>No EMIs Found</Text>
            <Text size="sm" c="dimmed">
              No EMIs match this date and these filters.
            </Text>
          </Stack>
        ) : phone ? (
          <DueCardsList rows={rows} onPay={setPaying} onBounce={setBouncing} />
        ) : (
          <DueTable rows={rows} onPay={setPaying} onBounce={setBouncing} />
        )}
        <ListEnd sentinel={sentinel} loadingMore={isFetchingNextPage} />
        {isFetchNextPageError ? (
          <Alert color="red" mt="sm">
            {EMI_FAILURES.fetchDue}
          </Alert>
        ) : null}
        {hasNextPage && !isFetchingNextPage && !firstFailed ? (
          // Where scrolling cannot load the next page (no IntersectionObserver, keyboard use).
          <Group justify="center" mt="sm">
            <Button variant="subtle" onClick={() => void fetchNextPage()}>
              {`Load more (${rows.length} of ${records} shown)`}
            </Button>
          </Group>
        ) : null}
      </Paper>

      <PayEmiModal
        title="Pay EMI"
        confirmLabel="Pay EMI"
        target={paying === null ? null : payTargetOf(paying)}
        onClose={() => setPaying(null)}
        onStart={() => paying !== null && removeRow(paying)}
        onFailed={reload}
        onPaid={() => setPaying(null)}
      />
      <BounceEmiModal
        target={bouncing === null ? null : bounceTargetOf(bouncing)}
        defaultReason={DUE_LIST_BOUNCE_REASON}
        onClose={() => setBouncing(null)}
        onStart={() => bouncing !== null && removeRow(bouncing)}
        onFailed={reload}
        onBounced={() => setBouncing(null)}
      />
    </Stack>
  );
};
