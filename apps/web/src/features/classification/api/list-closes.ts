import { CLOSE_PAGE_SIZE, type TDayEndClosePage } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { classificationQueryKey } from './keys';

/** How often the history asks again while a close on it is queued or running. */
export const CLOSES_POLL_MS = 2_000;

/** The key of every page of the closes' history. */
export const closesQueryKey = [...classificationQueryKey, 'closes'] as const;

/** GET /classification/closes → one page of day-end closes, newest business day first, and the close time. */
export const fetchDayEndCloses = (page: number, signal?: AbortSignal): Promise<TDayEndClosePage> =>
  api.get<TDayEndClosePage>('/classification/closes', {
    query: { page, pageSize: CLOSE_PAGE_SIZE },
    signal,
  });

/** A close still under way says so only when it ends: the page polls until none is queued or running. */
export const dayEndClosesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...closesQueryKey, page],
    queryFn: ({ signal }) => fetchDayEndCloses(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.closes.some((close) => close.status === 'queued' || close.status === 'running')
        ? CLOSES_POLL_MS
        : false,
  });

/** One page of the day-end closes' history. */
export const useDayEndCloses = (page: number) => useQuery(dayEndClosesQueryOptions(page));
