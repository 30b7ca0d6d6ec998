import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
  useQueryClient,
} from '@tanstack/react-query';
import { useInfiniteSentinel } from './use-infinite-sentinel';

type TPagedAnswer = { totalPages: number };

/**
 * A list that starts at the pager's page and appends the next pages as its end scrolls into view.
 * Answers the loaded pages (none after a failure), the page the pager shows, the sentinel's ref and
 * the pager's handler: choosing the start page again drops the appended pages, another page restarts there.
 */
export const useInfinitePager = <TPage extends TPagedAnswer>({
  list,
  startPage,
  setStartPage,
  queryKey,
}: {
  list: UseInfiniteQueryResult<InfiniteData<TPage, unknown>>;
  startPage: number;
  setStartPage: (page: number) => void;
  /** The query key of the list at `startPage`, whose appended pages a return to it drops. */
  queryKey: QueryKey;
}) => {
  const queryClient = useQueryClient();
  const { isError, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const pages = isError ? [] : (list.data?.pages ?? []);
  const sentinel = useInfiniteSentinel(
    () => void fetchNextPage(),
    hasNextPage && !isFetchingNextPage && !isError,
  );

  const handlePageChange = (page: number) => {
    window.scrollTo({ top: 0 });
    if (page === startPage) {
      queryClient.setQueryData<InfiniteData<TPage, unknown>>(queryKey, (data) =>
        data === undefined
          ? data
          : { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
      );
    } else setStartPage(page);
  };

  return {
    pages,
    first: pages[0],
    currentPage: startPage + Math.max(pages.length, 1) - 1,
    totalPages: pages[0]?.totalPages ?? 0,
    sentinel,
    handlePageChange,
  };
};
