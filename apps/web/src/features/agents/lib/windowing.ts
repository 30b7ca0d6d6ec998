/** Which rows of a fixed-row-height list are drawn for a scroll position. */
export type TRowWindow = {
  /** First and last rows drawn (overscan included); last < first when there are no rows. */
  first: number;
  last: number;
  /** The last row at least partly inside the viewport. */
  lastVisible: number;
};

export const rowWindow = ({
  scrollTop,
  viewportHeight,
  rowHeight,
  count,
  overscan = 3,
}: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  overscan?: number;
}): TRowWindow => {
  if (count <= 0) return { first: 0, last: -1, lastVisible: -1 };
  const top = Math.max(0, scrollTop);
  const firstVisible = Math.min(count - 1, Math.floor(top / rowHeight));
  const lastVisible = Math.min(
    count - 1,
    Math.max(firstVisible, Math.ceil((top + viewportHeight) / rowHeight) - 1),
  );
  return {
    first: Math.max(0, firstVisible - overscan),
    last: Math.min(count - 1, lastVisible + overscan),
    lastVisible,
  };
};

/** Whether the last visible row is within `rows` rows of the end (time to load the next page). */
export const isNearEnd = (lastVisible: number, count: number, rows: number): boolean =>
  count > 0 && count - 1 - lastVisible <= rows;
