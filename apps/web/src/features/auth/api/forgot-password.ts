import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** POST /auth/forgot-password → {message} (always 200, whether or not the address is known). */
export const postForgotPassword = (body: { email: string }) =>
  api.post<{ message?: string }>('/auth/forgot-password', body);

export const useForgotPasswordMutation = () => useMutation({ mutationFn: postForgotPassword });
