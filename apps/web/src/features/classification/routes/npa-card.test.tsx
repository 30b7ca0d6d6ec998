import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, lastParams, pinnedClock } from '../../../test/calls';
import {
  makeClassificationSummary,
  makeRegisterPage,
  makeRegisterRow,
} from '../../../test/classification-fixtures';
import { makeUser } from '../../../test/fixtures';
import type { TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const renderDashboard = (summary: TMockReply, role: 'admin' | 'superadmin' = 'admin') =>
  renderApp('/admin/dashboard', {
    user: makeUser(role),
    api: {
      'GET /clock': pinnedClock('2026-11-21'),
      'GET /classification/summary': summary,
      'GET /classification/register': { body: makeRegisterPage([makeRegisterRow(7)]) },
    },
  });

describe("the dashboard's NPA card", { timeout: 30_000 }, () => {
  it('shows the NPA share, its outstanding and the book’s, as of the close, opening the NPA register', async () => {
    const app = renderDashboard({ body: makeClassificationSummary() });
    const card = await screen.findByTestId('npa-share-card');
    expect(card).toHaveTextContent('NPA % of outstanding principal');
    const link = await within(card).findByRole('link', { name: /^6\.78%/ });
    expect(link).toHaveAttribute('href', '/admin/classification?loanClass=npa');
    expect(within(card).getByTestId('npa-share-amounts')).toHaveTextContent(
      '₹97,000 NPA of ₹14,31,567 outstanding',
    );
    expect(within(card).getByTestId('npa-share-as-of')).toHaveTextContent('As of 20-11-2026');

    await app.events.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'SMA/NPA register' })).toBeInTheDocument();
    await waitFor(() =>
      expect(lastParams(app.calls, '/classification/register', 'loanClass')).toEqual({ loanClass: 'npa' }),
    );
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveValue('NPA');
  });

  it('says no day-end close has run yet, with no figure to follow', async () => {
    renderDashboard({ body: makeClassificationSummary({ asOf: null, npaShare: 0, npaOutstanding: 0 }) });
    const card = await screen.findByTestId('npa-share-card');
    expect(await within(card).findByText('No day-end close yet')).toBeInTheDocument();
    expect(within(card).queryByRole('link')).toBeNull();
    expect(card).not.toHaveTextContent('%:');
  });

  it('says the figure is not available when the call fails, and the dashboard stays', async () => {
    const app = renderDashboard({ status: 500, body: {} }, 'superadmin');
    const card = await screen.findByTestId('npa-share-card');
    expect(await within(card).findByText('Not available')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(callsTo(app.calls, '/classification/summary')).toHaveLength(1);
  });
});
