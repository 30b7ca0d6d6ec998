import { IMPORT_KIND_TITLES, type TImport } from '@lending/domain';
import { Table } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { formatCount, summaryKinds } from '../lib/imports';

const CHECK_COLUMNS = ['Kind', 'Rows', 'Valid', 'With errors', 'To match'];
const COMMIT_COLUMNS = ['Kind', 'Rows', 'Imported', 'To match'];

/** A count of collections to match; other kinds have none to match, shown as '-'. */
const toMatchOf = (kind: string, count: number) => (kind === 'collections' ? formatCount(count) : '-');

/**
 * The import's figures per kind: after a check its rows, the valid ones, those with errors and the
 * collections no loan was found for; after the commit what was written.
 */
export const ImportSummary = ({ item, after }: { item: TImport; after: 'check' | 'commit' }) => {
  const kinds = summaryKinds(item);
  return (
    <ListTable
      minWidth={520}
      columns={after === 'check' ? CHECK_COLUMNS : COMMIT_COLUMNS}
      empty={kinds.length === 0 ? 'No rows were read.' : null}
      data-testid={`import-summary-${after}`}
    >
      {kinds.map((kind) => {
        const counts = item.summary?.[kind];
        if (counts === undefined) return null;
        return (
          <Table.Tr key={kind} data-testid={`summary-${kind}`}>
            <Table.Td fw={600}>{IMPORT_KIND_TITLES[kind]}</Table.Td>
            <Table.Td>{formatCount(counts.rows)}</Table.Td>
            {after === 'check' ? (
              <>
                <Table.Td>{formatCount(counts.valid)}</Table.Td>
                <Table.Td>{formatCount(counts.rows - counts.valid)}</Table.Td>
              </>
            ) : (
              <Table.Td>{formatCount(counts.written)}</Table.Td>
            )}
            <Table.Td>{toMatchOf(kind, counts.toMatch)}</Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
};
