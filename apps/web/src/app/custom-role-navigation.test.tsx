import type { TPublicUser } from '@lending/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { topNavLinks } from './navigation';

/** A person whose role the superadmin made in Role Management. */
const customRole = (permissions: { resource: string; actions: string[] }[]): TPublicUser =>
  makeUser('user', {
    id: 77,
    role: 'creditanalyst',
    role_id: 9,
    Role: { id: 9, name: 'Credit Analyst', permissions },
  });

const reader = customRole([{ resource: 'reports', actions: ['read'] }]);
const clerk = customRole([{ resource: 'loans', actions: ['read'] }]);
const labels = (user: TPublicUser) => topNavLinks(user).map((item) => item.label);

describe('a custom role in the web app', { timeout: 30_000 }, () => {
  it('shows Credit Reports in the top bar only with reports:read', () => {
    expect(labels(reader)).toContain('Credit Reports');
    expect(labels(clerk)).not.toContain('Credit Reports');
  });

  it('opens the credit report at /reports for a holder of reports:read', async () => {
    const app = renderApp('/reports', {
      user: reader,
      api: { 'GET /reports': { body: { success: true, data: { reports: [], totalPages: 0, total: 0 } } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Credit Report' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Credit Reports' })[0]).toHaveAttribute('href', '/reports');
    expect(app.pathname()).toBe('/reports');
  });

  it('sends a role without reports:read away from /reports', async () => {
    const app = renderApp('/reports', { user: clerk });
    await waitFor(() => expect(app.pathname()).toBe('/unauthorized'));
  });
});
