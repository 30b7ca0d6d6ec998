import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { clearOfflineData, queuedCollections } from '../offline/db';
import { clearToken } from '../token';
import { meQueryKey } from './me';

export const LOGOUT_MESSAGE = 'Logged out successfully';
/** Signing out wipes the phone's data: collections not yet synced would be lost with it. */
export const UNSYNCED_LOGOUT_MESSAGE =
  'Collections are waiting to sync on this phone: sync them (or resolve their conflicts) before signing out.';

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
    if ((await queuedCollections()).length > 0) {
      notifications.show({ color: 'red', message: UNSYNCED_LOGOUT_MESSAGE });
      return;
    }
    try {
      await postLogout();
    } catch {
      // The session ends locally whatever the server says.
    }
    clearToken();
    await clearOfflineData();
    queryClient.clear();
    queryClient.setQueryData(meQueryKey, null);
    await navigate('/admin/login', { replace: true });
    notifications.show({ color: 'green', message: LOGOUT_MESSAGE });
  }, [navigate, queryClient]);
};
