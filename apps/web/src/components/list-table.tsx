import { Table, type TableProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type TListTableProps = Omit<TableProps, 'children'> & {
  /** Header texts; `header` replaces them with custom cells (sort buttons). */
  columns: readonly string[];
  header?: ReactNode;
  minWidth: number;
  maxHeight?: number;
  /** Shown in one full-width row instead of the rows (loading, nothing found); null shows the rows. */
  empty: ReactNode;
  children?: ReactNode;
  /** Cells of a totals row under the rows. */
  footer?: ReactNode;
  'data-testid'?: string;
};

/** A striped list table that scrolls sideways on narrow screens, with its empty-state row. */
export const ListTable = ({
  columns,
  header,
  minWidth,
  maxHeight,
  empty,
  children,
  footer,
  ...table
}: TListTableProps) => {
  // A table with its own font size is a dense one: tighter rows, a smaller empty-state line.
  const dense = table.fz !== undefined;
  return (
    <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight}>
      <Table striped verticalSpacing={dense ? 6 : 'xs'} {...table}>
        <Table.Thead>
          <Table.Tr>{header ?? columns.map((column) => <Table.Th key={column}>{column}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {empty === null ? (
            children
          ) : (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text ta="center" c="dimmed" py={dense ? 'md' : 'xl'} size={dense ? 'sm' : undefined}>
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        {footer === undefined ? null : (
          <Table.Tfoot>
            <Table.Tr>{footer}</Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
};
