import { useMutation, useQueryClient } from '@tanstack/react-query';

/** The roles cache; the users form reads the same list under this key. */
export const rolesKeys = {
  all: ['roles'] as const,
  list: ['roles', 'list'] as const,
  catalogue: ['roles', 'permissions'] as const,
};

/** A role change: on success every roles query (this page's and the users form's) reloads. */
export const useRolesMutation = <TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKeys.all }),
  });
};
