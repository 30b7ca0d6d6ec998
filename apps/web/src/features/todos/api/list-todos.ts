import { TODO_PAGE_SIZE, type TTodoStatusFilter, type TTodosResponse } from '@lending/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { nextPageOf } from '../../../lib/paging';
import { todosKey } from './keys';

/** GET /todos → one page of the caller's tasks of a status (20), newest first. */
export const fetchTodos = (
  page: number,
  status: TTodoStatusFilter,
  signal?: AbortSignal,
): Promise<TTodosResponse> =>
  api.get<TTodosResponse>('/todos', {
    query: { page, limit: TODO_PAGE_SIZE, status: status === 'all' ? undefined : status },
    signal,
  });

/** Scrolling to the end appends the next page. */
export const todosQueryOptions = (status: TTodoStatusFilter = 'all') =>
  infiniteQueryOptions({
    queryKey: [...todosKey, 'list', status],
    queryFn: ({ pageParam, signal }) => fetchTodos(pageParam, status, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    retry: false,
  });

export const useTodos = (status: TTodoStatusFilter = 'all') => useInfiniteQuery(todosQueryOptions(status));
