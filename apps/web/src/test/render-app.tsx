import type { TPublicUser } from '@lending/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import { appRoutes } from '../app/routes';
import { setToken } from '../lib/token';
import { eagerRoutes } from './eager-routes';
import { mockApi, type TMockReply } from './mock-api';

const routes = await eagerRoutes(appRoutes);
// The toasts' container is fetched with the first toast; loaded here once, a test's first toast
// shows as soon as it is raised instead of after the module's first load.
await import('../app/toast-container');

type TRenderAppOptions = {
  /** Signed in as this user: a stored token and GET /auth/me answering it. */
  user?: TPublicUser;
  /** Further mocked API answers, keyed 'METHOD /path'. */
  api?: Parameters<typeof mockApi>[0];
};

/** Renders the whole app (providers, router, guards) at `path` with a mocked API. */
export const renderApp = (path: string, { user, api = {} }: TRenderAppOptions = {}) => {
  const replies: Record<string, Parameters<typeof mockApi>[0][string]> = { ...api };
  if (user !== undefined) {
    setToken('test-token');
    replies['GET /auth/me'] ??= { body: { user } } satisfies TMockReply;
  }
  const mocked = mockApi(replies);
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, initialEntries: [path], routes });
  const events = userEvent.setup({ delay: null });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, ...mocked, router, queryClient, events, pathname: () => router.state.location.pathname };
};
