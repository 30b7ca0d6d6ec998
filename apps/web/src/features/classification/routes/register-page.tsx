import { classificationMessages, REGISTER_PAGE_SIZE } from '@lending/domain';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { useBusinessToday } from '../../../lib/business-today';
import { formatDate } from '../../../lib/format';
import { showingRange } from '../../../lib/paging';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useRegister } from '../api/get-register';
import { useRegisterAgents } from '../api/list-agents';
import { ClassTotals } from '../components/class-totals';
import { ExportLinks } from '../components/export-links';
import { RegisterFilters } from '../components/register-filters';
import { RegisterTable } from '../components/register-table';
import { readRegisterParams, registerParams, type TRegisterFilters } from '../lib/register-params';

/** The register's failure, where the server said nothing of its own. */
export const REGISTER_LOAD_FAILED = 'Failed to load the register';
/** A close with no loan in the filter. */
export const REGISTER_EMPTY = 'No loans in the register for this filter';

/** The SMA/NPA register (/admin/classification, admins): each close's SMA and NPA loans, with their totals. */
export const RegisterPage = () => {
  const [params, setParams] = useSearchParams();
  const { filters, page } = readRegisterParams(params);
  const today = useBusinessToday();
  const register = useRegister(filters, page);
  const agents = useRegisterAgents();

  useQueryFailure(register, (error) =>
    notifications.show({ color: 'red', message: errorMessage(error, REGISTER_LOAD_FAILED) }),
  );

  const data = register.isError ? undefined : register.data;
  const noClose = data !== undefined && data.asOf === null;
  const rows = data?.rows ?? [];
  const empty =
    rows.length > 0
      ? null
      : register.isPending
        ? 'Loading the register...'
        : register.isError
          ? errorMessage(register.error, REGISTER_LOAD_FAILED)
          : REGISTER_EMPTY;

  const show = (next: TRegisterFilters, nextPage: number) => setParams(registerParams(next, nextPage));

  return (
    <Stack gap="md" data-testid="page-classification">
      <PageHeader
        testId="classification-title"
        title="SMA/NPA register"
        subtitle="Loans by RBI class at each day-end close: SMA-0, SMA-1, SMA-2 and NPA"
      >
        {noClose ? null : <ExportLinks filters={filters} />}
      </PageHeader>
      <RegisterFilters
        filters={filters}
        agents={agents.data ?? []}
        today={today}
        onChange={(next) => show(next, 1)}
      />
      {noClose ? (
        <Paper withBorder p="xl" radius="md" data-testid="register-no-close">
          <Text ta="center" fw={600}>
            {classificationMessages.noClose}
          </Text>
        </Paper>
      ) : (
        <>
          {data?.asOf ? (
            <Text size="sm" c="gray" data-testid="register-as-of">
              {`As of ${formatDate(data.asOf)}`}
            </Text>
          ) : null}
          {data === undefined ? null : <ClassTotals totals={data.classes} />}
          <RegisterTable rows={rows} empty={empty} />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="gray" data-testid="register-summary">
              {showingRange(page, REGISTER_PAGE_SIZE, data?.total ?? 0)}
            </Text>
            <Text size="sm" c="gray">
              {`Page ${page} of ${Math.max(data?.totalPages ?? 0, 1)}`}
            </Text>
          </Group>
          <Pager page={page} totalPages={data?.totalPages ?? 0} onChange={(next) => show(filters, next)} />
        </>
      )}
    </Stack>
  );
};
