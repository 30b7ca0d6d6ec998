import type { TTodoStats } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { todosKey } from './keys';

/** GET /todos/stats → {total, completed, pending}; a failure leaves the cards at 0. */
export const fetchTodoStats = (signal?: AbortSignal) => api.get<TTodoStats>('/todos/stats', { signal });

export const todoStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...todosKey, 'stats'],
    queryFn: ({ signal }) => fetchTodoStats(signal),
    retry: false,
  });

export const useTodoStats = () => useQuery(todoStatsQueryOptions());
