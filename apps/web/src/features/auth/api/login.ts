import type { TLoginRequest } from '@lending/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { isAuthAnswer, type TAuthAnswer } from '../../../lib/session';

export const INVALID_LOGIN_RESPONSE = 'Invalid login response';

/** POST /auth/login → {token, user}; refuses an answer lacking either. */
export const postLogin = async (
  credentials: Pick<TLoginRequest, 'email' | 'password'>,
): Promise<TAuthAnswer> => {
  const answer = await api.post<unknown>('/auth/login', credentials);
  if (!isAuthAnswer(answer)) throw new Error(INVALID_LOGIN_RESPONSE);
  return answer;
};

export const useLoginMutation = () => useMutation({ mutationFn: postLogin });
