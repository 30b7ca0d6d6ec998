import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, type RouteObject, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { RootLayout } from './root-layout';
import { createAppRouter } from './router';

const renderRouter = (router: Parameters<typeof RouterProvider>[0]['router']) =>
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );

describe('screens loaded with their route', () => {
  it('shows a loading state, then the sign-in page from the lazy route table', async () => {
    renderRouter(createAppRouter({ queryClient: createQueryClient(), initialEntries: ['/login'] }));
    expect(screen.getByTestId('route-loading')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Welcome Back' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('route-loading')).not.toBeInTheDocument();
  });

  it('keeps the current screen with a bar along the top until the next one has loaded', async () => {
    let release: (() => void) | undefined;
    const routes: RouteObject[] = [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <Link to="/next">Next screen</Link> },
          {
            path: '/next',
            lazy: () =>
              new Promise((resolve) => {
                release = () => resolve({ element: <h1>Next</h1> });
              }),
          },
        ],
      },
    ];
    renderRouter(createMemoryRouter(routes, { initialEntries: ['/'] }));
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Next screen' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading the screen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next screen' })).toBeInTheDocument();
    release?.();
    expect(await screen.findByRole('heading', { name: 'Next' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('toasts', () => {
  it('mounts their container with the first toast and shows it', async () => {
    const handleClick = () => notifications.show({ message: 'Saved the loan' });
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <Button onClick={handleClick}>Save</Button>
      </AppProviders>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved the loan')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
