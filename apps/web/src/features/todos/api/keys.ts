import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every task query sits under this key, so a change refreshes the list and the cards. */
export const todosKey = ['todos'] as const;

/** A task call that refreshes the list and the cards once it lands. */
export const useTodoMutation = <TInput, TAnswer>(mutationFn: (input: TInput) => Promise<TAnswer>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: todosKey }) });
};
