import type { TChangePasswordRequest } from '@lending/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** PUT /users/change-password {currentPassword, newPassword} → {message}; the server checks the rest. */
export const changePassword = (body: TChangePasswordRequest) =>
  api.put<{ message?: string }>('/users/change-password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
