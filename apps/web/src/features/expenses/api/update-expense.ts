import type { TExpenseRequest, TExpenseSaved } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { expensesKey } from './keys';

/** PUT /expenses/{id} → {message, expense} */
export const updateExpense = ({ id, body }: { id: number; body: TExpenseRequest }) =>
  api.put<TExpenseSaved>(`/expenses/${id}`, body);

export const useUpdateExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExpense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesKey }),
  });
};
