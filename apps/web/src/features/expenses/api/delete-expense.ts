import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { expensesKey } from './keys';

/** DELETE /expenses/{id} → {message} */
export const deleteExpense = (id: number) => api.delete<{ message: string }>(`/expenses/${id}`);

export const useDeleteExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExpense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expensesKey }),
  });
};
