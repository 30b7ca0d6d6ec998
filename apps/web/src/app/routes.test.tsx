import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../api/client';
import { getToken } from '../lib/token';
import { makeUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('route guards', () => {
  it('sends a signed-out visitor of an admin screen to /admin/login', async () => {
    const app = renderApp('/admin/dashboard');
    expect(await heading('Welcome Back')).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/login');
    expect(app.calls).toHaveLength(0);
  });

  it('shows a loading indicator while the current user loads', async () => {
    let release: (() => void) | undefined;
    const app = renderApp('/admin/dashboard', {
      api: {
        'GET /auth/me': () =>
          new Promise((resolve) => {
            release = () => resolve({ body: { user: makeUser('admin', { name: 'Asha' }) } });
          }),
      },
      user: makeUser('admin'),
    });
    expect(await screen.findByTestId('route-loading')).toBeInTheDocument();
    release?.();
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(screen.getByText('Welcome, Asha')).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/dashboard');
  });

  it('sends an agent away from the admin area to /unauthorized', async () => {
    const app = renderApp('/admin/dashboard', { user: makeUser('agent') });
    expect(await heading('Unauthorized Access')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/unauthorized');
  });

  it.each([
    ['user', '/admin/audit-logs'],
    ['admin', '/admin/audit-logs'],
    ['admin', '/admin/roles'],
    ['admin', '/admin/bounced-emis'],
    ['admin', '/admin/token-management'],
    ['admin', '/admin/app-updates'],
    ['admin', '/admin/upgrade-management'],
    ['admin', '/admin/jobs'],
    ['admin', '/admin/jobs/1'],
    ['agent', '/admin/jobs'],
    ['admin', '/agent/customers'],
    ['user', '/agent-dashboard'],
  ] as const)('refuses %s on %s', async (role, path) => {
    const app = renderApp(path, { user: makeUser(role) });
    expect(await heading('Unauthorized Access')).toBeInTheDocument();
    expect(app.pathname()).toBe('/unauthorized');
  });

  it.each([
    ['/admin/audit-logs', 'Audit Logs'],
    ['/admin/roles', 'Role Management'],
    ['/admin/bounced-emis', 'Bounced EMIs Management'],
    ['/admin/token-management', 'Token Management'],
    ['/admin/app-updates', 'App Update Management'],
    ['/admin/upgrade-management', 'Upgrade Management'],
    ['/admin/jobs', 'Jobs'],
  ])('lets a superadmin open %s', async (path, title) => {
    const app = renderApp(path, { user: makeUser('superadmin') });
    expect(await heading(title)).toBeInTheDocument();
    expect(app.pathname()).toBe(path);
  });

  it('accepts role names that differ in case and spaces', async () => {
    const user = makeUser('superadmin', {
      role: 'Super Admin',
      Role: { id: 1, name: 'Super Admin', permissions: [] },
    });
    renderApp('/admin/audit-logs', { user });
    expect(await heading('Audit Logs')).toBeInTheDocument();
  });
});

describe('redirects', () => {
  it.each([
    ['/loans', '/admin/loans', 'Loan Management'],
    ['/users', '/admin/users', 'Users Management'],
    ['/reports', '/admin/reports', 'Credit Report'],
    ['/todos', '/admin/todos', 'Task Management'],
    ['/support-help', '/admin/support-help', 'Support and Help'],
    ['/loans/agent-collections', '/admin/loans/agent-collections', 'Agent Collections'],
    ['/agent-collections', '/admin/loans/agent-collections', 'Agent Collections'],
    ['/admin/agent-collections', '/admin/loans/agent-collections', 'Agent Collections'],
  ])('moves the legacy path %s to %s', async (from, to, title) => {
    const app = renderApp(from, { user: makeUser('admin') });
    expect(await heading(title)).toBeInTheDocument();
    expect(app.pathname()).toBe(to);
  });

  it('keeps the query string of a legacy path', async () => {
    const app = renderApp('/loans?status=approved', { user: makeUser('admin') });
    await heading('Loan Management');
    expect(app.router.state.location.search).toBe('?status=approved');
  });

  it.each([
    ['user', '/profile', '/profile', 'Profile Settings'],
    ['user', '/settings', '/settings', 'Settings'],
    ['admin', '/profile', '/admin/profile', 'Profile Settings'],
    ['agent', '/profile', '/agent/profile', 'Profile Settings'],
    ['agent', '/settings', '/agent/settings', 'Settings'],
    ['superadmin', '/settings?tab=security', '/admin/settings', 'Settings'],
  ] as const)('opens the personal screen for %s at %s under %s', async (role, from, to, title) => {
    const app = renderApp(from, { user: makeUser(role) });
    expect(await heading(title)).toBeInTheDocument();
    expect(app.pathname()).toBe(to);
  });

  it('sends a borrower from /dashboard to their loans', async () => {
    const app = renderApp('/dashboard', { user: makeUser('user') });
    expect(await heading('My Loans')).toBeInTheDocument();
    expect(app.pathname()).toBe('/my-loans');
  });

  it.each([
    ['agent', '/dashboard', '/agent-dashboard', 'Agent Dashboard'],
    ['admin', '/dashboard', '/admin/dashboard', 'Dashboard'],
    ['agent', '/admin', '/agent-dashboard', 'Agent Dashboard'],
    ['superadmin', '/admin', '/admin/dashboard', 'Dashboard'],
  ] as const)('sends %s from %s to %s', async (role, from, to, title) => {
    const app = renderApp(from, { user: makeUser(role) });
    expect(await heading(title)).toBeInTheDocument();
    expect(app.pathname()).toBe(to);
  });

  it.each(['/', '/no/such/page'])('sends %s to /admin/login', async (path) => {
    const app = renderApp(path);
    expect(await heading('Welcome Back')).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/login');
  });

  it('sends a signed-in visitor of the register page to their dashboard', async () => {
    const app = renderApp('/register', { user: makeUser('agent') });
    expect(await heading('Agent Dashboard')).toBeInTheDocument();
    expect(app.pathname()).toBe('/agent-dashboard');
  });
});

describe('session', () => {
  it('clears the token and goes to /admin/login when /auth/me answers invalid user data', async () => {
    const app = renderApp('/admin/dashboard', {
      user: makeUser('admin'),
      api: { 'GET /auth/me': { body: { user: { name: 'no id' } } } },
    });
    expect(await screen.findByText('Invalid user data received')).toBeInTheDocument();
    expect(await heading('Welcome Back')).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/login');
    expect(getToken()).toBeNull();
  });

  it('clears the token when /auth/me fails, even on a public page', async () => {
    const app = renderApp('/forgot-password', {
      user: makeUser('admin'),
      api: { 'GET /auth/me': { status: 401, body: { message: 'Session expired' } } },
    });
    expect(await heading('Welcome Back')).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/login');
    expect(getToken()).toBeNull();
  });

  it('signs out from the admin profile menu even when the server call fails', async () => {
    const app = renderApp('/admin/dashboard', {
      user: makeUser('admin'),
      api: { 'POST /auth/logout': { status: 500, body: { message: 'boom' } } },
    });
    await heading('Dashboard');
    await app.events.click(screen.getByRole('button', { name: /open profile menu/i }));
    await app.events.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(await heading('Welcome Back')).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/login');
    expect(getToken()).toBeNull();
    expect(app.calls.some((call) => call.method === 'POST' && call.path === '/auth/logout')).toBe(true);
  });

  it('a 401 on a data call clears the token and goes to /login', async () => {
    const app = renderApp('/admin/dashboard', {
      user: makeUser('admin'),
      api: { 'GET /loans': { status: 401, body: { message: 'Token expired' } } },
    });
    await heading('Dashboard');
    await expect(apiRequest('/loans')).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(await heading('Welcome Back')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});
