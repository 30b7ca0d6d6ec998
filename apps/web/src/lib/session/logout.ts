import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { clearToken } from '../token';
import { meQueryKey } from './me';

export const LOGOUT_MESSAGE = 'Logged out successfully';

/** POST /auth/logout */
export const postLogout = () => api.post<{ message?: string }>('/auth/logout');

/**
 * Signs out: tells the server (best effort), then always clears the token and cached data, goes to
 * /admin/login and says so, even when the call fails.
 */
export const useLogout = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await postLogout();
    } catch {
      // The session ends locally whatever the server says.
    }
    clearToken();
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, null);
    await navigate('/admin/login', { replace: true });
    notifications.show({ color: 'green', message: LOGOUT_MESSAGE });
  }, [navigate, queryClient]);
};
