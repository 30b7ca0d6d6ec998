import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isNearEnd, rowWindow } from '../lib/windowing';

type TVirtualListProps = {
  count: number;
  /** Every row is this tall (px). */
  rowHeight: number;
  /** The most the list grows to (px) before it scrolls. */
  height: number;
  /** Draws row `index`; the row must take `style` (its absolute position). */
  renderRow: (index: number, style: CSSProperties) => ReactNode;
  /** Called when the last visible row comes within `nearEndRows` of the end while `canLoadMore`. */
  onNearEnd?: () => void;
  canLoadMore?: boolean;
  nearEndRows: number;
  testId?: string;
  /**
   * When this changes (a new search), the list goes back to its first row. The list is not
   * remounted for it: a remount would take the keyboard focus from a row's button.
   */
  resetKey?: string;
};

/**
 * A windowed list of fixed-height rows: only the rows in view (plus a few) are in the page, so
 * thousands of rows scroll smoothly on a phone. Rows are absolutely placed inside a spacer as tall
 * as the whole list.
 */
export const VirtualList = ({
  count,
  rowHeight,
  height,
  renderRow,
  onNearEnd,
  canLoadMore = false,
  nearEndRows,
  testId,
  resetKey,
}: TVirtualListProps) => {
  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is what triggers the reset
  useLayoutEffect(() => {
    if (scroller.current !== null) scroller.current.scrollTop = 0;
    setScrollTop(0);
  }, [resetKey]);
  const viewportHeight = Math.min(height, count * rowHeight);
  const { first, last, lastVisible } = rowWindow({ scrollTop, viewportHeight: height, rowHeight, count });
  const nearEnd = isNearEnd(lastVisible, count, nearEndRows);
  const latest = useRef(onNearEnd);
  latest.current = onNearEnd;

  useEffect(() => {
    if (nearEnd && canLoadMore) latest.current?.();
  }, [nearEnd, canLoadMore]);

  const rows: ReactNode[] = [];
  for (let index = first; index <= last; index += 1) {
    rows.push(
      renderRow(index, {
        position: 'absolute',
        top: index * rowHeight,
        left: 0,
        right: 0,
        height: rowHeight,
      }),
    );
  }

  return (
    <div
      ref={scroller}
      data-testid={testId}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      style={{
        height: viewportHeight,
        overflowY: 'auto',
        position: 'relative',
        overscrollBehavior: 'contain',
      }}
    >
      <div style={{ height: count * rowHeight, position: 'relative' }}>{rows}</div>
    </div>
  );
};
