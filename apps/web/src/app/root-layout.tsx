import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { meQueryKey, meQueryOptions } from '../lib/session';
import classes from './root-layout.module.css';

/**
 * Wraps every route. When resuming a stored session fails (invalid user data or a failed
 * /auth/me), the token is already cleared; this says why and goes to /admin/login. While the next
 * screen's code loads, a bar runs along the top.
 */
export const RootLayout = () => {
  const { error } = useQuery(meQueryOptions());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const loading = useNavigation().state === 'loading';

  useEffect(() => {
    if (error === null) return;
    notifications.show({ color: 'red', message: error.message });
    queryClient.setQueryData(meQueryKey, null);
    void navigate('/admin/login', { replace: true });
  }, [error, navigate, queryClient]);

  return (
    <>
      {loading ? (
        <div className={classes.progress} role="progressbar" aria-label="Loading the screen" />
      ) : null}
      <Outlet />
    </>
  );
};
