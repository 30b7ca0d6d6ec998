import { Table, type TableProps, Text } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { usePhone } from '../lib/use-phone';
import classes from './list-table.module.css';
import { type TRenderRow, VIRTUAL_ROWS_FROM, VirtualRows } from './virtual-rows';

type TListTableProps<T> = Omit<TableProps, 'children'> & {
  /** Header texts; `header` replaces them with custom cells (sort buttons). */
  columns: readonly string[];
  header?: ReactNode;
  minWidth: number;
  maxHeight?: number;
  /** Shown in one full-width row instead of the rows (loading, nothing found); null shows the rows. */
  empty: ReactNode;
  children?: ReactNode;
  /**
   * The rows as data, drawn by `renderRow` instead of `children`: above a few hundred only the rows
   * in view are drawn, and the table scrolls within `maxHeight` (70% of the window unless given).
   */
  rows?: readonly T[];
  renderRow?: TRenderRow<T>;
  /** The view's size before the browser measures it (tests have no layout). */
  initialViewport?: { width: number; height: number };
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
export const ListTable = <T,>({
  columns,
  header,
  minWidth,
  maxHeight,
  empty,
  children,
  footer,
  stickyLastColumn = columns.at(-1) === 'Actions',
  rows,
  renderRow,
  initialViewport,
  ...table
}: TListTableProps<T>) => {
  const phone = usePhone();
  const ref = useCellLabels();
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const virtual = rows !== undefined && renderRow !== undefined && rows.length > VIRTUAL_ROWS_FROM;
  // A table with its own font size is a dense one: tighter rows, a smaller empty-state line.
  const dense = table.fz !== undefined;
  const className = [classes.cards, stickyLastColumn ? classes.stickyLast : undefined, table.className]
    .filter(Boolean)
    .join(' ');
  const drawn =
    rows === undefined || renderRow === undefined ? (
      children
    ) : virtual ? (
      <VirtualRows
        rows={rows}
        renderRow={renderRow}
        scrollElement={scrollElement}
        columns={columns.length}
        estimateRowHeight={dense ? 33 : 41}
        initialViewport={initialViewport}
      />
    ) : (
      rows.map((row, index) => renderRow(row, index, { ref: noRef, 'data-index': index }))
    );
  const body = (
    <Table
      ref={ref}
      striped
      verticalSpacing={dense ? 6 : 'xs'}
      stickyHeader={virtual}
      miw={virtual && !phone ? minWidth : undefined}
      {...table}
      className={className}
    >
      <Table.Thead>
        <Table.Tr>{header ?? columns.map((column) => <Table.Th key={column}>{column}</Table.Th>)}</Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {empty === null ? (
          drawn
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
  );
  // A virtual list scrolls in a box of its own, whose scroll position picks the rows to draw.
  return virtual ? (
    // A group, not a region (a landmark) nor a fieldset (for form controls): a named scroll box.
    // biome-ignore lint/a11y/useSemanticElements: see above
    <div
      ref={setScrollElement}
      role="group"
      style={{ maxHeight: maxHeight ?? '70vh', overflow: 'auto' }}
      data-testid="virtual-scroll"
      // Keyboard users scroll the long list with the arrow keys once it has focus.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be focusable to scroll by keyboard
      tabIndex={0}
      aria-label="Table"
      data-scroll-region
    >
      {body}
    </div>
  ) : (
    <Table.ScrollContainer minWidth={phone ? 0 : minWidth} maxHeight={maxHeight}>
      {body}
    </Table.ScrollContainer>
  );
};

const noRef = () => {};
