import {
  EXPECTED_INTEREST_LOAN_STATUSES,
  EXPECTED_INTEREST_PAGE_SIZE,
  type TExpectedInterestLoanStatus,
  type TExpectedInterestPage,
} from '@lending/domain';
import { Grid, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FilterSearch, FilterSelect } from '../../../components/filter-fields';
import { ListTable } from '../../../components/list-table';
import { LoadingOrFailed } from '../../../components/loading-or-failed';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { StatCards } from '../../../components/stat-cards';
import { useExpectedInterest } from '../api/list-expected-interest';
import { money } from '../lib/figures';

const COLUMNS = [
  'EMI date',
  'Loan',
  'Customer',
  'Loan status',
  'EMI',
  'EMI status',
  'Amount',
  'Interest share',
  'Loan rate',
] as const;
const STATUS_LABELS: Record<TExpectedInterestLoanStatus, string> = {
  lent: 'Every lent loan',
  approved: 'Approved',
  closed: 'Closed',
  default: 'Default',
};
const isStatus = (value: string | null): value is TExpectedInterestLoanStatus =>
  EXPECTED_INTEREST_LOAN_STATUSES.some((status) => status === value);
const percent = (value: number | null) => (value === null ? '–' : `${value}%`);
const count = (value: number) => value.toLocaleString('en-IN');

/** The server's totals as cards; dashes until they arrive (a 0 would read as a figure). */
const cardsOf = (totals: TExpectedInterestPage['totals'] | undefined) => {
  const shown = (value: (t: TExpectedInterestPage['totals']) => string) =>
    totals === undefined ? '–' : value(totals);
  return [
    { label: 'Expected interest', value: shown((t) => money(t.expectedInterest)), note: 'Σ interest share' },
    { label: 'Scheduled', value: shown((t) => money(t.scheduled)), note: 'Σ EMI amount' },
    {
      label: 'Average rate',
      value: shown((t) => percent(t.averageRate)),
      note: shown(
        (t) =>
          `Σ interest ${money(t.interest)} ÷ Σ principal ${money(t.principal)} of ${count(t.loans)} loans`,
      ),
    },
    {
      label: 'Collected vs expected',
      value: shown((t) => percent(t.collectedVsExpected)),
      note: shown((t) =>
        t.collectedInterest === null
          ? 'over the whole month only (no search, every lent loan)'
          : `${money(t.collectedInterest)} interest collected`,
      ),
    },
  ];
};

/**
 * Expected interest (/admin/expected-interest): the month's EMIs of lent loans behind the Interest
 * panel's "Expected this month", each with its interest share and its loan's rate; the cards are the
 * server's totals over the whole filter, and with the default filter they are the panel's figures.
 */
export const ExpectedInterestPage = () => {
  // Month and loan status live in the URL, so the dashboard's figures open the list they summarise.
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? undefined;
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : 'lent';
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 400);
  const [page, setPage] = useState(1);
  const list = useExpectedInterest({ month, status, search, page });
  const data = list.isError ? undefined : list.data;
  const setParam = (key: string, value: string) => {
    setPage(1);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  };
  const totals = data?.totals;

  return (
    <Stack gap="md" data-testid="page-expected-interest">
      <PageTitle
        testId="expected-interest-title"
        title="Expected interest"
        subtitle={`EMIs dated in ${data?.month ?? month ?? 'this month'} on lent loans, foreclosed EMIs left out, each with its part of the interest`}
      />
      <StatCards cards={cardsOf(totals)} testIdPrefix="expected-interest" span={{ base: 12, xs: 6, md: 3 }} />
      <Paper withBorder p="md" radius="md">
        <Grid>
          <Grid.Col span={{ base: 12, sm: 3 }}>
            <TextInput
              type="month"
              label="Month"
              value={data?.month ?? month ?? ''}
              onChange={(event) => setParam('month', event.currentTarget.value)}
            />
          </Grid.Col>
          <FilterSelect
            span={{ base: 12, sm: 3 }}
            label="Loans"
            data={EXPECTED_INTEREST_LOAN_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
            value={status}
            allowDeselect={false}
            onValueChange={(value) => setParam('status', value || 'lent')}
          />
          <FilterSearch
            span={{ base: 12, sm: 6 }}
            placeholder="Loan code or customer name"
            value={searchInput}
            onValueChange={(value) => {
              setSearchInput(value);
              setPage(1);
            }}
          />
        </Grid>
      </Paper>
      {list.isError ? <LoadingOrFailed failed message="Failed to load the month's EMIs" /> : null}
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <ListTable
            columns={COLUMNS}
            minWidth={900}
            data-testid="expected-interest-table"
            empty={
              data === undefined
                ? list.isPending
                  ? 'Loading…'
                  : null
                : data.rows.length === 0
                  ? 'No EMIs in this month'
                  : null
            }
            footer={
              totals === undefined ? undefined : (
                <>
                  <Table.Th colSpan={6} data-testid="expected-interest-footer">
                    {`All ${count(data?.total ?? 0)} EMIs of the filter`}
                  </Table.Th>
                  <Table.Th>{money(totals.scheduled)}</Table.Th>
                  <Table.Th>{money(totals.expectedInterest)}</Table.Th>
                  <Table.Th>{percent(totals.averageRate)}</Table.Th>
                </>
              )
            }
          >
            {(data?.rows ?? []).map((row) => (
              <Table.Tr key={row.emi_id}>
                <Table.Td>{row.emi_date}</Table.Td>
                <Table.Td>{row.loan_code}</Table.Td>
                <Table.Td>{row.customer_name}</Table.Td>
                <Table.Td>{row.loan_status}</Table.Td>
                <Table.Td>{row.emi_number}</Table.Td>
                <Table.Td>{row.emi_status}</Table.Td>
                <Table.Td>{money(row.amount)}</Table.Td>
                <Table.Td>{money(row.interest_share)}</Table.Td>
                <Table.Td>{`${row.loan_rate}%`}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <Text size="sm" c="dimmed" data-testid="expected-interest-count">
            {`${count(data?.total ?? 0)} EMIs · ${count(totals?.loans ?? 0)} loans`}
          </Text>
          <Pager
            page={page}
            totalPages={Math.ceil((data?.total ?? 0) / EXPECTED_INTEREST_PAGE_SIZE)}
            onChange={setPage}
            disabled={list.isFetching}
          />
        </Stack>
      </Paper>
    </Stack>
  );
};
