import type { TChangePasswordRequest } from '@lending/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** PUT /users/change-password {currentPassword, newPassword} → {message} */
export const putChangePassword = (body: TChangePasswordRequest) =>
  api.put<{ message?: string }>('/users/change-password', body);

export const useChangePasswordMutation = () => useMutation({ mutationFn: putChangePassword });
