import { Table, type TableProps, Text } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { usePhone } from '../lib/use-phone';
import classes from './list-table.module.css';

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
  /** Keeps the last column in view while the table scrolls sideways; on when it is 'Actions'. */
  stickyLastColumn?: boolean;
  'data-testid'?: string;
};

/**
 * Names each body cell after its column (`data-label`), which the phone layout prints before the
 * value. Read from the header as rendered, so it holds for any row component.
 */
const useCellLabels = () => {
  const ref = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const table = ref.current;
    if (table === null) return;
    const labels = Array.from(table.querySelectorAll('thead th'), (cell) => cell.textContent?.trim() ?? '');
    for (const row of Array.from(table.querySelectorAll('tbody tr, tfoot tr'))) {
      Array.from(row.children).forEach((cell, index) => {
        const label = labels[index];
        if (label && cell.getAttribute('colspan') === null) cell.setAttribute('data-label', label);
      });
    }
  });
  return ref;
};

/**
 * A striped list table. On a laptop it scrolls sideways when it must, with the Actions column
 * always in view; on a phone every row is a card. Long free text belongs in `ClippedText`.
 */
export const ListTable = ({
  columns,
  header,
  minWidth,
  maxHeight,
  empty,
  children,
  footer,
  stickyLastColumn = columns.at(-1) === 'Actions',
  ...table
}: TListTableProps) => {
  const phone = usePhone();
  const ref = useCellLabels();
  // A table with its own font size is a dense one: tighter rows, a smaller empty-state line.
  const dense = table.fz !== undefined;
  const className = [classes.cards, stickyLastColumn ? classes.stickyLast : undefined, table.className]
    .filter(Boolean)
    .join(' ');
  return (
    <Table.ScrollContainer minWidth={phone ? 0 : minWidth} maxHeight={maxHeight}>
      <Table ref={ref} striped verticalSpacing={dense ? 6 : 'xs'} {...table} className={className}>
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
