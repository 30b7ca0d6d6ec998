import type { TPublicUser } from '@lending/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { setToken } from '../token';
import { isSessionUser, keepOfflineUser, meQueryKey } from './me';

export type TAuthAnswer = { token: string; user: TPublicUser };

/** Whether a sign-in or registration answer carries what a session needs. */
export const isAuthAnswer = (value: unknown): value is TAuthAnswer => {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as { token?: unknown; user?: unknown };
  return typeof answer.token === 'string' && answer.token !== '' && isSessionUser(answer.user);
};

/** Stores the token and makes the user the current one. */
export const useStartSession = () => {
  const queryClient = useQueryClient();
  return useCallback(
    ({ token, user }: TAuthAnswer) => {
      setToken(token);
      queryClient.setQueryData(meQueryKey, user);
      void keepOfflineUser(user);
    },
    [queryClient],
  );
};
