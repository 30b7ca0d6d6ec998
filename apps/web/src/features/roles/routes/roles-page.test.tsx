import { ACTIONS, RESOURCES, type TRole } from '@lending/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRoles, makeUser } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const custom: TRole = {
  id: 9,
  name: 'Auditor',
  description: 'Reads reports',
  isActive: false,
  is_system_role: false,
  created_at: '2026-11-01T06:00:00.000Z',
  permissions: [{ resource: 'reports', actions: ['read'] }],
};

type THandler = (call: TMockCall) => TMockReply;

const openRoles = (overrides: Record<string, THandler | TMockReply> = {}) => {
  const roles = [...makeRoles(), custom];
  return renderApp('/admin/roles', {
    user: makeUser('superadmin'),
    api: {
      'GET /roles': () => ({ body: roles }),
      'GET /roles/permissions': { body: { resources: [...RESOURCES], actions: [...ACTIONS] } },
      ...overrides,
    },
  });
};

const bodyOf = (call: TMockCall) => JSON.parse(String(call.init.body));

describe('Role Management', { timeout: 30_000 }, () => {
  it('shows the cards and every role with its type, status and permissions', async () => {
    openRoles();
    const table = await screen.findByTestId('roles-table');
    expect(await within(table).findByText('Auditor')).toBeInTheDocument();
    expect(screen.getByTestId('role-stat-total')).toHaveTextContent('5');
    expect(screen.getByTestId('role-stat-active')).toHaveTextContent('4');
    expect(screen.getByTestId('role-stat-system')).toHaveTextContent('4');
    expect(screen.getByTestId('role-stat-custom')).toHaveTextContent('1');
    const row = screen.getByTestId('role-row-9');
    expect(row).toHaveTextContent('Custom');
    expect(row).toHaveTextContent('Inactive');
    expect(row).toHaveTextContent('1 permissions');
    // System roles can be edited but never deleted.
    expect(screen.getByRole('button', { name: 'Edit agent' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete agent' })).toBeNull();
  });

  it('creates a role with two permissions ticked in the matrix', async () => {
    const app = openRoles({ 'POST /roles': { status: 201, body: { ...custom, id: 10 } } });
    await app.events.click(await screen.findByRole('button', { name: 'Add Role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Role' });
    await app.events.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Role name is required')).toBeInTheDocument();
    expect(app.calls.some((call) => call.method === 'POST')).toBe(false);

    // Whole words at once: typing key by key redraws the matrix on every letter.
    fireEvent.change(within(dialog).getByLabelText(/Role Name/), { target: { value: 'Branch Manager' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Runs one branch' } });
    await app.events.click(await within(dialog).findByRole('checkbox', { name: 'Loans: Read' }));
    await app.events.click(within(dialog).getByRole('checkbox', { name: 'Reports: Read' }));
    await app.events.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Role created successfully')).toBeInTheDocument();
    const post = app.calls.find((call) => call.method === 'POST' && call.path === '/roles');
    expect(post && bodyOf(post)).toEqual({
      name: 'Branch Manager',
      description: 'Runs one branch',
      isActive: true,
      permissions: [
        { resource: 'loans', actions: ['read'] },
        { resource: 'reports', actions: ['read'] },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Role' })).toBeNull());
  });

  it('edits a system role’s permissions but not its name, and shows the server’s refusal', async () => {
    const app = openRoles({
      'PUT /roles/3': {
        status: 409,
        body: { code: 'SYSTEM_ROLE', message: 'System role names cannot be changed' },
      },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Edit agent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Role' });
    expect(within(dialog).getByLabelText(/Role Name/)).toBeDisabled();
    expect(await within(dialog).findByRole('checkbox', { name: 'Loans: Read' })).toBeChecked();
    await app.events.click(within(dialog).getByRole('checkbox', { name: 'Reports: all actions' }));
    await app.events.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('System role names cannot be changed')).toBeInTheDocument();
    const put = app.calls.find((call) => call.method === 'PUT');
    expect(put && bodyOf(put).permissions).toContainEqual({ resource: 'reports', actions: [...ACTIONS] });
  });

  it('asks before deleting, then deletes', async () => {
    let deleted = 0;
    const app = openRoles({
      'DELETE /roles/9': () => {
        deleted += 1;
        return { body: { message: 'Role deleted successfully' } };
      },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Delete Auditor' }));
    expect(await screen.findByText('Are you sure you want to delete this role?')).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(0);
    await app.events.click(screen.getByRole('button', { name: 'Delete Auditor' }));
    await app.events.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Role deleted successfully')).toBeInTheDocument();
    expect(deleted).toBe(1);
  });

  it('says so when the roles cannot be fetched', async () => {
    openRoles({ 'GET /roles': { status: 500, body: { code: 'INTERNAL', message: 'boom' } } });
    expect(await screen.findByText('Failed to fetch roles')).toBeInTheDocument();
  });
});
