import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { meQueryKey, meQueryOptions } from '../lib/session';

/**
 * Wraps every route. When resuming a stored session fails (invalid user data or a failed
 * /auth/me), the token is already cleared; this says why and goes to /admin/login.
 */
export const RootLayout = () => {
  const { error } = useQuery(meQueryOptions());
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (error === null) return;
    notifications.show({ color: 'red', message: error.message });
    queryClient.setQueryData(meQueryKey, null);
    void navigate('/admin/login', { replace: true });
  }, [error, navigate, queryClient]);

  return <Outlet />;
};
