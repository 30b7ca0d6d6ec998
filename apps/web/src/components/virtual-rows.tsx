import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReactNode } from 'react';

/** Above this many rows a list draws only the rows in view (and a few around them). */
export const VIRTUAL_ROWS_FROM = 200;

/** What a virtual row must spread on its `<tr>`: the virtualizer measures it and knows its place. */
export type TVirtualRowProps = { ref: (node: HTMLTableRowElement | null) => void; 'data-index': number };

export type TRenderRow<T> = (row: T, index: number, rowProps: TVirtualRowProps) => ReactNode;

type TVirtualRowsProps<T> = {
  rows: readonly T[];
  renderRow: TRenderRow<T>;
  /**
   * The element that scrolls (its height bounded), holding the table; null until it is mounted. A
   * ref object would not do: a parent's ref is set after its children's layout effects, so the
   * virtualizer would find no element and follow no scrolling until something else re-rendered.
   */
  scrollElement: HTMLElement | null;
  /** Columns of the table, for the spacer rows. */
  columns: number;
  /** A first guess of a row's height in px; each drawn row is then measured. */
  estimateRowHeight?: number;
  /** Rows drawn beyond each edge of the view, so a fast scroll shows no gap. */
  overscan?: number;
  /** The view's size before the browser has measured it (the first paint; tests, which have no layout). */
  initialViewport?: { width: number; height: number };
};

/**
 * The rows of a table body, only those in view drawn. Thousands of rows cost the browser thousands
 * of DOM rows (seconds to lay out, a stuck scroll); a window of a few dozen costs nothing. Two
 * spacer rows keep the scrollbar the height of the whole list. Rows may differ in height (phone
 * cards, wrapped text): each drawn row is measured.
 */
export const VirtualRows = <T,>({
  rows,
  renderRow,
  scrollElement,
  columns,
  estimateRowHeight = 41,
  overscan = 10,
  initialViewport,
}: TVirtualRowsProps<T>) => {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => estimateRowHeight,
    overscan,
    ...(initialViewport === undefined ? {} : { initialRect: initialViewport }),
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      {before > 0 ? <Spacer height={before} columns={columns} /> : null}
      {items.map((item) => {
        const row = rows[item.index];
        return row === undefined
          ? null
          : renderRow(row, item.index, { ref: virtualizer.measureElement, 'data-index': item.index });
      })}
      {after > 0 ? <Spacer height={after} columns={columns} /> : null}
    </>
  );
};

const Spacer = ({ height, columns }: { height: number; columns: number }) => (
  <tr aria-hidden data-virtual-spacer style={{ height }}>
    <td colSpan={columns} style={{ padding: 0, border: 0 }} />
  </tr>
);
