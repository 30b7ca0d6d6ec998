import type { TResetPasswordRequest } from '@lending/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** POST /auth/reset-password {token, newPassword} → {message} */
export const postResetPassword = (body: TResetPasswordRequest) =>
  api.post<{ message?: string }>('/auth/reset-password', body);

export const useResetPasswordMutation = () => useMutation({ mutationFn: postResetPassword });
