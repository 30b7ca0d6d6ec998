import { IMPORT_KIND_TITLES, type TImport } from '@lending/domain';
import { Table } from '@mantine/core';
import { ListTable } from '../../../components/list-table';
import { formatCount, summaryKinds } from '../lib/imports';

const CHECK_COLUMNS = ['Kind', 'Rows', 'Valid', 'With errors', 'To match', 'Imported before'];
const COMMIT_COLUMNS = ['Kind', 'Rows', 'Imported', 'To match', 'Imported before'];

/** A count only collections have (to match, imported before); other kinds show '-'. */
const collectionsOnly = (kind: string, count: number | undefined) =>
  kind === 'collections' ? formatCount(count ?? 0) : '-';

/** The check's note on collections an earlier import recorded: skipped, never paid twice. */
export const alreadyImportedNote = (count: number) =>
  `${formatCount(count)} ${count === 1 ? 'collection was' : 'collections were'} imported before: ${count === 1 ? 'it is' : 'they are'} skipped, so nothing is paid twice.`;

/**
 * The import's figures per kind: after a check its rows, the valid ones, those with errors, the
 * collections no loan was found for and those imported before; after the commit what was written.
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
                {/* A row to match passed its checks: it is neither valid to write nor an error. */}
                <Table.Td>{formatCount(counts.rows - counts.valid - counts.toMatch)}</Table.Td>
              </>
            ) : (
              <Table.Td>{formatCount(counts.written)}</Table.Td>
            )}
            <Table.Td>{collectionsOnly(kind, counts.toMatch)}</Table.Td>
            <Table.Td>{collectionsOnly(kind, counts.alreadyImported)}</Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
};
