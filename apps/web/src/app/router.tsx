import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { setUnauthorizedHandler } from '../api/client';
import { meQueryKey } from '../lib/session';
import { appRoutes } from './routes';

type TCreateRouterOptions = {
  queryClient: QueryClient;
  /** Given in tests: a memory router starting at these entries. */
  initialEntries?: string[];
  /** Given in tests: the table with its screens already loaded. */
  routes?: RouteObject[];
};

/**
 * The app's router. A 401 on a non-auth call (the client has already cleared the token) forgets
 * the current user and goes to /login.
 */
export const createAppRouter = ({
  queryClient,
  initialEntries,
  routes = appRoutes,
}: TCreateRouterOptions) => {
  const router =
    initialEntries === undefined
      ? createBrowserRouter(routes)
      : createMemoryRouter(routes, { initialEntries });
  setUnauthorizedHandler(() => {
    void router.navigate('/login', { replace: true });
    queryClient.setQueryData(meQueryKey, null);
  });
  return router;
};

export type TAppRouter = ReturnType<typeof createAppRouter>;
