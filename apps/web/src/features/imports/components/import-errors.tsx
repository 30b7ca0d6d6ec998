import { IMPORT_PAGE_SIZE, type TImport } from '@lending/domain';
import { Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { ListTable } from '../../../components/list-table';
import { Pager } from '../../../components/pager';
import { showingRange } from '../../../lib/paging';
import { usePhone } from '../../../lib/use-phone';
import { useImportErrors } from '../api/list-import-errors';

export const ERRORS_LOAD_FAILED = 'Failed to load the errors';

const ALL_SHEETS = '*';
/** Errors a page on a phone, where each is a card of its own: fewer, so the list stays short to scroll. */
export const PHONE_ERRORS_PAGE_SIZE = 20;
const COLUMNS = ['Sheet', 'Row', 'Column', 'Problem'];

/**
 * Every error of the last check, a page at a time (50, or 20 on a phone), of one sheet or all:
 * where it is and what is wrong.
 */
export const ImportErrors = ({ item }: { item: TImport }) => {
  const [sheet, setSheet] = useState('');
  const [page, setPage] = useState(1);
  const pageSize = usePhone() ? PHONE_ERRORS_PAGE_SIZE : IMPORT_PAGE_SIZE;
  const errors = useImportErrors(item, { sheet, page, pageSize });
  const sheets = item.sheets
    .filter((candidate) => candidate.kind !== null)
    .map((candidate) => candidate.name);
  const rows = errors.data?.errors ?? [];
  const empty =
    rows.length > 0
      ? null
      : errors.isPending
        ? 'Loading the errors...'
        : errors.isError
          ? errorMessage(errors.error, ERRORS_LOAD_FAILED)
          : 'No errors on this sheet';
  const total = errors.data?.total ?? 0;

  return (
    <Stack gap="sm" data-testid="import-errors">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={3} fz="h4">
          Errors
        </Title>
        {sheets.length > 1 ? (
          <Select
            label="Sheet"
            data={[{ value: ALL_SHEETS, label: 'All sheets' }, ...sheets]}
            value={sheet === '' ? ALL_SHEETS : sheet}
            onChange={(value) => {
              setSheet(value === null || value === ALL_SHEETS ? '' : value);
              setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
          />
        ) : null}
      </Group>
      <ListTable minWidth={640} columns={COLUMNS} empty={empty} data-testid="import-errors-table">
        {rows.map((error) => (
          <Table.Tr key={`${error.sheet}-${error.row}-${error.column}`}>
            <Table.Td>{error.sheet}</Table.Td>
            <Table.Td>{error.row}</Table.Td>
            <Table.Td>{error.column}</Table.Td>
            <Table.Td>{error.message}</Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
      <Text size="sm" c="dimmed" data-testid="import-errors-summary">
        {showingRange(page, pageSize, total)}
      </Text>
      <Pager
        page={page}
        totalPages={errors.data?.totalPages ?? 0}
        onChange={setPage}
        disabled={errors.isFetching}
      />
    </Stack>
  );
};
