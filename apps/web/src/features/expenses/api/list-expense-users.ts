import type { TExpenseUsersResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { expensesKey } from './keys';

/** GET /expenses/agents → the Filter by User choices (admins and superadmins only). */
export const fetchExpenseUsers = (signal?: AbortSignal) =>
  api.get<TExpenseUsersResponse>('/expenses/agents', { signal });

export const expenseUsersQueryOptions = () =>
  queryOptions({
    queryKey: [...expensesKey, 'users'],
    queryFn: ({ signal }) => fetchExpenseUsers(signal),
    retry: false,
  });

export const useExpenseUsers = (enabled: boolean) => useQuery({ ...expenseUsersQueryOptions(), enabled });
