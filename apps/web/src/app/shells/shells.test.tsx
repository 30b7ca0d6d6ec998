import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { meQueryKey } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { accountMenuLinks, adminSidebarItems, topNavLinks } from '../navigation';
import { AppProviders } from '../providers';
import { ADMIN_ACCESS_DENIED } from './access-denied';
import { AdminShell } from './admin-shell';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('admin shell', () => {
  it('lists the superadmin-only sidebar items for a superadmin only', async () => {
    const superOnly = ['Roles', 'App Updates', 'Audit Logs', 'Token Management', 'Bounced EMIs', 'Jobs'];
    expect(labels(adminSidebarItems(makeUser('superadmin')))).toEqual(expect.arrayContaining(superOnly));
    const admin = labels(adminSidebarItems(makeUser('admin')));
    for (const label of superOnly) expect(admin).not.toContain(label);
    expect(admin).toEqual([
      'Dashboard',
      'Users',
      'Loans',
      'Loan Products',
      'Holidays',
      'Payments Due',
      'Expenses',
      'Tasks',
      'Credit Reports',
      'Support Messages',
      'Agent Collections',
      'Portfolio',
      'SMA/NPA register',
      'Cash in Hand',
      'Import',
      'Messages',
      'Message Templates',
    ]);
  });

  it('hides Credit Reports from an admin whose role lacks reports:read', () => {
    const admin = makeUser('admin', { Role: { id: 2, name: 'admin', permissions: [] } });
    expect(labels(adminSidebarItems(admin))).not.toContain('Credit Reports');
    expect(labels(topNavLinks(admin))).not.toContain('Credit Reports');
  });

  it('renders the sidebar and a profile menu with Upgrade Management for a superadmin', async () => {
    const app = renderApp('/admin/dashboard', { user: makeUser('superadmin') });
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    expect(within(nav).getByRole('link', { name: 'Bounced EMIs' })).toHaveAttribute(
      'href',
      '/admin/bounced-emis',
    );
    await app.events.click(screen.getByRole('button', { name: /open profile menu/i }));
    expect(await screen.findByRole('menuitem', { name: 'Upgrade Management' })).toHaveAttribute(
      'href',
      '/admin/upgrade-management',
    );
    expect(screen.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute('href', '/admin/profile');
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('shows no Upgrade Management to an admin', async () => {
    const app = renderApp('/admin/dashboard', { user: makeUser('admin') });
    await screen.findByRole('navigation', { name: 'Admin navigation' });
    await app.events.click(screen.getByRole('button', { name: /open profile menu/i }));
    expect(await screen.findByRole('menuitem', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Upgrade Management' })).toBeNull();
  });

  it('navigates with the sidebar', async () => {
    const app = renderApp('/admin/dashboard', { user: makeUser('admin') });
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    await app.events.click(within(nav).getByRole('link', { name: 'Payments Due' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments Due' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/payments-due');
  });

  it('shows Access Denied inside the shell to a role that is not admin', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(meQueryKey, makeUser('agent'));
    const router = createMemoryRouter([{ path: '/admin/*', element: <AdminShell /> }], {
      initialEntries: ['/admin/dashboard'],
    });
    render(
      <AppProviders queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText(ADMIN_ACCESS_DENIED)).toBeInTheDocument();
    expect(ADMIN_ACCESS_DENIED).toBe("Access Denied: You don't have permission to access the admin area.");
    expect(screen.queryByRole('navigation', { name: 'Admin navigation' })).toBeNull();
  });
});

describe('agent shell', () => {
  it('links the agent screens, Help and Logout', async () => {
    const app = renderApp('/agent-dashboard', { user: makeUser('agent') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent Dashboard' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Agent navigation' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/agent/customers',
        '/agent/expenses',
        '/agent/notifications',
        '/agent/profile',
        '/agent/settings',
        '/help',
      ]),
    );
    await app.events.click(within(nav).getByRole('link', { name: 'My Customers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Customers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

describe('top navigation bar', () => {
  it('shows a borrower My Loans but no staff links', async () => {
    renderApp('/my-loans', { user: makeUser('user') });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Loans' })).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Main navigation' });
    const names = within(bar)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Dashboard', 'My Loans']);
  });

  it('shows an admin the staff links and the admin account menu', async () => {
    const app = renderApp('/notifications', { user: makeUser('admin') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const bar = screen.getByRole('navigation', { name: 'Main navigation' });
    const names = within(bar)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Dashboard', 'Tasks', 'Send Notification', 'Loan', 'Users', 'Credit Reports']);
    await app.events.click(screen.getByRole('button', { name: 'Open account menu' }));
    for (const name of [
      'User Management',
      'Support Messages',
      'Profile Settings',
      'Expense Manager',
      'Logout',
    ]) {
      expect(await screen.findByRole('menuitem', { name })).toBeInTheDocument();
    }
    // Roles Management is the superadmin's: the Roles screen refuses admins.
    expect(screen.queryByRole('menuitem', { name: 'Roles Management' })).toBeNull();
  });

  it('opens Help for any signed-in person', async () => {
    const app = renderApp('/help', { user: makeUser('agent') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Support and Help' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/help');
  });
});

describe('links by role', () => {
  const hrefs = (items: { to: string }[]) => items.map((item) => item.to);

  it("sends an agent to the agent area's variants, and shows no screen the agent may not open", () => {
    const agent = makeUser('agent');
    expect(topNavLinks(agent)).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Loan', to: '/agent/my-loans' },
    ]);
    expect(hrefs(accountMenuLinks(agent))).toEqual(['/profile', '/agent/expenses']);
  });

  it('shows a borrower and a custom role neither Tasks, Loan nor Expense Manager', () => {
    const reader = makeUser('user', {
      role: 'auditor',
      Role: { id: 9, name: 'auditor', permissions: [{ resource: 'reports', actions: ['read'] }] },
    });
    expect(hrefs(topNavLinks(makeUser('user')))).toEqual(['/dashboard', '/my-loans']);
    // reports:read opens the credit report to the custom role, at /reports itself.
    expect(hrefs(topNavLinks(reader))).toEqual(['/dashboard', '/reports']);
    for (const user of [makeUser('user'), reader])
      expect(hrefs(accountMenuLinks(user))).toEqual(['/profile']);
  });
});
