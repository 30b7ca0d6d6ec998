import type { TExpenseRequest, TExpenseSaved } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { expensesKey } from './keys';

/** POST /expenses → {message, expense} */
export const createExpense = (body: TExpenseRequest) => api.post<TExpenseSaved>('/expenses', body);

export const useCreateExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExpense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesKey }),
  });
};
