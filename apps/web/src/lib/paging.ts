/** How many page numbers a pager shows around the current page. */
export const PAGE_WINDOW_SIZE = 5;

/** One slot of a pager: a page number, or a gap shown as an ellipsis. */
export type TPagerItem = { kind: 'page'; page: number } | { kind: 'gap'; key: 'start' | 'end' };

/**
 * The page buttons of a pager: a window of `size` pages around `page` (shifted to stay inside
 * 1..totalPages), plus the first and last pages as shortcuts with an ellipsis where pages are skipped.
 */
export const pagerItems = (page: number, totalPages: number, size = PAGE_WINDOW_SIZE): TPagerItem[] => {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  const items: TPagerItem[] = [];
  if (start > 1) items.push({ kind: 'page', page: 1 });
  if (start > 2) items.push({ kind: 'gap', key: 'start' });
  for (let number = start; number <= end; number += 1) items.push({ kind: 'page', page: number });
  if (end < totalPages - 1) items.push({ kind: 'gap', key: 'end' });
  if (end < totalPages) items.push({ kind: 'page', page: totalPages });
  return items;
};

/** 'Showing 11 to 20 of 45 results'. */
export const showingRange = (page: number, pageSize: number, total: number): string => {
  if (total <= 0) return 'Showing 0 to 0 of 0 results';
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} results`;
};

/** An infinite list's next page (its getNextPageParam): the one after the last loaded, if there is one. */
export const nextPageOf = (
  last: { totalPages: number },
  _all: unknown,
  lastPage: number,
): number | undefined => (lastPage < last.totalPages ? lastPage + 1 : undefined);
