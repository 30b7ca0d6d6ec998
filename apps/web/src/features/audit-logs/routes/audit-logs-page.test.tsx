import type { TAuditLog } from '@lending/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { captureDownloads, csvLines } from '../../../test/browser-stand-ins';
import { makeUser } from '../../../test/fixtures';
import type { TMockCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

const log = (
  id: number,
  action: string,
  hoursAgo: number,
  overrides: Partial<TAuditLog> = {},
): TAuditLog => ({
  id,
  user_id: 10,
  action,
  resource_type: 'role',
  resource_id: String(id),
  ip_address: '10.0.0.1',
  user_agent: 'Firefox',
  metadata: { name: `entry ${id}` },
  created_at: ago(hoursAgo),
  actor: 'Superadmin Person',
  ...overrides,
});

const logs = [
  log(1, 'role_created', 2),
  log(2, 'login', 30, { actor: null, user_id: null }),
  log(3, 'emi_paid', 24 * 10),
  log(4, 'user_updated', 24 * 40),
];

const listCalls = (calls: TMockCall[]) => calls.filter((call) => call.path === '/admin/audit-logs');
const lastQuery = (calls: TMockCall[]) => listCalls(calls).at(-1)?.url.searchParams;

const openAudit = () =>
  renderApp('/admin/audit-logs', {
    user: makeUser('superadmin'),
    api: {
      'GET /admin/audit-logs': { body: { logs, total: 120, totalPages: 3, page: 1 } },
      'GET /users': {
        body: {
          users: [{ ...makeUser('agent'), id: 30, name: 'Ravi Agent', email: 'ravi@example.com' }],
          total: 1,
          totalPages: 1,
        },
      },
    },
  });

describe('Audit Logs', { timeout: 30_000 }, () => {
  it('lists 50 a page with IST times, actors and categories, and shows an entry’s metadata', async () => {
    const app = openAudit();
    const row = await screen.findByTestId('audit-row-1');
    expect(lastQuery(app.calls)?.get('limit')).toBe('50');
    expect(lastQuery(app.calls)?.get('page')).toBe('1');
    expect(row).toHaveTextContent('Superadmin Person');
    expect(row).toHaveTextContent('Role');
    expect(row.textContent).toMatch(/\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}:\d{2}/);
    expect(screen.getByTestId('audit-row-2')).toHaveTextContent('System');
    expect(screen.getByTestId('audit-row-2')).toHaveTextContent('Login');
    expect(screen.getByTestId('audit-row-3')).toHaveTextContent('EMI');

    await app.events.click(screen.getByRole('button', { name: 'View metadata of entry 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Audit Log Details' });
    expect(within(dialog).getByTestId('audit-metadata')).toHaveTextContent('"name": "entry 1"');
  });

  it('sends the exact action, the user and the page size to the server', async () => {
    const app = openAudit();
    await screen.findByTestId('audit-row-1');
    fireEvent.change(screen.getByLabelText(/^Action/), { target: { value: 'role_created' } });
    await waitFor(() => expect(lastQuery(app.calls)?.get('action')).toBe('role_created'));

    await app.events.click(screen.getByRole('combobox', { name: 'User' }));
    await app.events.click(await screen.findByRole('option', { name: 'Ravi Agent (ravi@example.com)' }));
    await waitFor(() => expect(lastQuery(app.calls)?.get('userId')).toBe('30'));

    await app.events.click(screen.getByRole('combobox', { name: 'Page size' }));
    await app.events.click(await screen.findByRole('option', { name: '100 per page' }));
    await waitFor(() => expect(lastQuery(app.calls)?.get('limit')).toBe('100'));
    expect(screen.getByTestId('audit-filter-chips')).toHaveTextContent('Action: role_created');
  });

  it('narrows the loaded page by time range and exports only the rows shown', async () => {
    const downloads = captureDownloads();
    const app = openAudit();
    await screen.findByTestId('audit-row-4');
    const before = listCalls(app.calls).length;
    await app.events.click(screen.getByRole('combobox', { name: 'Time Range' }));
    await app.events.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(screen.queryByTestId('audit-row-3')).toBeNull());
    expect(screen.getByTestId('audit-row-1')).toBeInTheDocument();
    expect(screen.getByTestId('audit-row-2')).toBeInTheDocument();
    // The range is applied to the page in hand: the server is not asked again.
    expect(listCalls(app.calls)).toHaveLength(before);

    await app.events.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads.names[0]).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.csv$/);
    const lines = await csvLines(downloads.blobs[0]);
    expect(lines?.[0]).toMatch(/^ID,Time \(IST\),Actor,/);
    expect(lines).toHaveLength(3);
    expect(lines?.[1]).toContain('role_created');
    expect(lines?.[2]).toContain('login');
  });

  it('shows the same rows as a timeline', async () => {
    const app = openAudit();
    await screen.findByTestId('audit-row-1');
    await app.events.click(screen.getByRole('radio', { name: 'Timeline' }));
    const timeline = await screen.findByTestId('audit-timeline');
    expect(within(timeline).getByText('role_created')).toBeInTheDocument();
    expect(within(timeline).getByText('user_updated')).toBeInTheDocument();
  });

  it('sends anyone but a superadmin away', async () => {
    const app = renderApp('/admin/audit-logs', { user: makeUser('admin') });
    await waitFor(() => expect(app.pathname()).toBe('/unauthorized'));
  });
});
