import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { isAuthAnswer, type TAuthAnswer } from '../../../lib/session';

export const INVALID_REGISTRATION_RESPONSE = 'Invalid registration response';

/** POST /auth/register (multipart) → {token, user}; refuses an answer lacking either. */
export const postRegister = async (form: FormData): Promise<TAuthAnswer> => {
  const answer = await api.post<unknown>('/auth/register', form);
  if (!isAuthAnswer(answer)) throw new Error(INVALID_REGISTRATION_RESPONSE);
  return answer;
};

export const useRegisterMutation = () => useMutation({ mutationFn: postRegister });
