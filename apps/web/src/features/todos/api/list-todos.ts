import { TODO_PAGE_SIZE, type TTodosResponse } from '@lending/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { todosKey } from './keys';

/** GET /todos → one page of the caller's tasks (20), newest first. */
export const fetchTodos = (page: number, signal?: AbortSignal): Promise<TTodosResponse> =>
  api.get<TTodosResponse>('/todos', { query: { page, limit: TODO_PAGE_SIZE }, signal });

/** Scrolling to the end appends the next page. */
export const todosQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...todosKey, 'list'],
    queryFn: ({ pageParam, signal }) => fetchTodos(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (lastPage < last.totalPages ? lastPage + 1 : undefined),
    retry: false,
  });

export const useTodos = () => useInfiniteQuery(todosQueryOptions());
