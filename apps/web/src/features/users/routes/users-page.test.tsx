import type { TManagedUser } from '@lending/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeManagedUser, makeRoles, makeUser } from '../../../test/fixtures';
import type { TMockCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { USERS_PAGE_SIZE } from '../lib/users-screen';

const admin = makeUser('admin', { id: 2 });
const people = (count: number): TManagedUser[] =>
  Array.from({ length: count }, (_, index) =>
    makeManagedUser(index % 5 === 0 ? 'agent' : 'user', {
      id: 100 + index,
      name: `Person ${index + 1}`,
      email: `person${index + 1}@example.com`,
      mobile: index === 1 ? null : `98765${String(index).padStart(5, '0')}`,
      is_active: index !== 2,
    }),
  );

/** GET /users as the server answers it: search on name or e-mail, role by name, pages of `limit`. */
const usersEndpoint =
  (all: TManagedUser[]) =>
  ({ url }: TMockCall) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? USERS_PAGE_SIZE);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const role = url.searchParams.get('role') ?? '';
    const found = all.filter(
      (user) =>
        (search === '' || `${user.name} ${user.email}`.toLowerCase().includes(search)) &&
        (role === '' || user.role === role),
    );
    return {
      body: {
        users: found.slice((page - 1) * limit, page * limit),
        total: found.length,
        totalPages: Math.ceil(found.length / limit),
      },
    };
  };

const openUsers = async (
  all: TManagedUser[],
  extra: NonNullable<Parameters<typeof renderApp>[1]>['api'] = {},
  user = admin,
) => {
  const app = renderApp('/admin/users', {
    user,
    api: { 'GET /users': usersEndpoint(all), 'GET /roles': { body: makeRoles() }, ...extra },
  });
  expect(await screen.findByRole('heading', { name: 'Users Management' })).toBeInTheDocument();
  return app;
};

const rows = () => within(screen.getByTestId('users-table')).getAllByRole('row').slice(1);
const usersCalls = (calls: TMockCall[]) => calls.filter((call) => call.path === '/users');

describe('users management (admins)', () => {
  it('shows 12 users a page with the summaries, columns and badges', async () => {
    const app = await openUsers(people(30));
    expect(await screen.findByText('30 total users')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 12 of 30 users')).toBeInTheDocument();
    expect(screen.getByText('More pages available')).toBeInTheDocument();
    expect(rows()).toHaveLength(12);
    const headers = within(screen.getByTestId('users-table')).getAllByRole('columnheader');
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'Name',
      'Email',
      'Role',
      'Mobile',
      'Status',
      'Actions',
    ]);
    const second = within(rows()[1] as HTMLElement);
    expect(second.getByText('-')).toBeInTheDocument();
    expect(within(rows()[0] as HTMLElement).getByText('Agent')).toBeInTheDocument();
    expect(within(rows()[2] as HTMLElement).getByText('Inactive')).toBeInTheDocument();
    expect(within(rows()[0] as HTMLElement).getByText('Active')).toBeInTheDocument();
    // Admins get Edit and Delete; Location is the superadmin's.
    expect(screen.getByRole('button', { name: 'Edit Person 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Person 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Location of/ })).not.toBeInTheDocument();
    expect(usersCalls(app.calls)[0]?.url.searchParams.get('limit')).toBe('12');
    expect(usersCalls(app.calls)[0]?.url.searchParams.get('page')).toBe('1');
  });

  it('jumps between pages with the pager and its 5-page window', async () => {
    const app = await openUsers(people(120));
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    const labels = () =>
      within(pager)
        .getAllByRole('button')
        .map((button) => button.textContent)
        .concat(
          within(pager)
            .queryAllByText('…')
            .map(() => '…'),
        );
    expect(labels()).toEqual(['Previous', '1', '2', '3', '4', '5', '10', 'Next', '…']);
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await app.events.click(within(pager).getByRole('button', { name: 'Page 5' }));
    expect(await screen.findByText('Page 5 of 10')).toBeInTheDocument();
    expect(screen.getByText('Showing 49 to 60 of 120 users')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent),
    ).toEqual(['1', '3', '4', '5', '6', '7', '10']);
    expect(within(pager).getAllByText('…')).toHaveLength(2);
    expect(screen.getByText('Person 49')).toBeInTheDocument();

    await app.events.click(within(pager).getByRole('button', { name: 'Page 10' }));
    expect(await screen.findByText('Page 10 of 10')).toBeInTheDocument();
    expect(screen.getByText('All pages loaded')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await app.events.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 9 of 10')).toBeInTheDocument();
    expect(usersCalls(app.calls).map((call) => call.url.searchParams.get('page'))).toEqual([
      '1',
      '5',
      '10',
      '9',
    ]);
  });

  it('loads the next page when scrolling near the bottom', async () => {
    await openUsers(people(30));
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    fireEvent.scroll(window);
    expect(await screen.findByText('Showing 1 to 24 of 30 users')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(rows()).toHaveLength(24);
    fireEvent.scroll(window);
    expect(await screen.findByText('All pages loaded')).toBeInTheDocument();
    expect(rows()).toHaveLength(30);
  });

  it('searches on the server once typing pauses, and filters by role', async () => {
    const app = await openUsers(people(30));
    await screen.findByText('30 total users');
    await app.events.type(screen.getByPlaceholderText('Search users by name or email...'), 'person 1');
    expect(await screen.findByText('11 total users', {}, { timeout: 2000 })).toBeInTheDocument();
    const searches = usersCalls(app.calls).map((call) => call.url.searchParams.get('search'));
    expect(searches).toEqual([null, 'person 1']);

    await app.events.clear(screen.getByPlaceholderText('Search users by name or email...'));
    await screen.findByText('30 total users', {}, { timeout: 2000 });
    await app.events.click(screen.getByRole('combobox', { name: 'Filter by role' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['All Roles', 'Superadmin', 'Admin', 'Agent', 'User']);
    await app.events.click(screen.getByRole('option', { name: 'Agent' }));
    expect(await screen.findByText('6 total users')).toBeInTheDocument();
    expect(usersCalls(app.calls).at(-1)?.url.searchParams.get('role')).toBe('agent');
  });

  it('shows the empty state with an add action when there are no users', async () => {
    const app = await openUsers([]);
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    const addButtons = screen.getAllByRole('button', { name: '+ Add User' });
    expect(addButtons).toHaveLength(2);
    await app.events.click(addButtons[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
  });

  it('says so when the users cannot be fetched', async () => {
    await openUsers([], { 'GET /users': { status: 500, body: {} } });
    // The toast and the panel in place of the table.
    // The toast's container loads with the first toast, so the toast may come a moment after the inline text.
    await waitFor(() => expect(screen.getAllByText('Failed to fetch users')).toHaveLength(2), {
      timeout: 3000,
    });
  });

  it('asks before deleting and shows the answer', async () => {
    let deleted = 0;
    const app = await openUsers(people(3), {
      'DELETE /users/100': () => {
        deleted += 1;
        return { body: { message: 'User deleted successfully' } };
      },
      'DELETE /users/101': {
        status: 409,
        body: { message: 'This user has loans and cannot be deleted. Deactivate the user instead.' },
      },
    });
    await app.events.click(await screen.findByRole('button', { name: 'Delete Person 1' }));
    expect(await screen.findByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    await app.events.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Are you sure you want to delete this user?')).toBeNull());
    expect(deleted).toBe(0);

    await app.events.click(screen.getByRole('button', { name: 'Delete Person 1' }));
    await app.events.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(deleted).toBe(1);

    await app.events.click(screen.getByRole('button', { name: 'Delete Person 2' }));
    await app.events.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('This user has loans and cannot be deleted. Deactivate the user instead.'),
    ).toBeInTheDocument();
  });

  it('shows the picture as the avatar and the placeholder when it is missing or broken', async () => {
    const pictured = makeManagedUser('user', {
      id: 7,
      name: 'Asha Rao',
      profile_pic: '/api/files/a.png?sig=1',
    });
    const plain = makeManagedUser('user', { id: 8, name: 'Ravi Kumar' });
    await openUsers([pictured, plain], {}, makeUser('superadmin', { id: 1 }));
    const image = await screen.findByRole('img', { name: 'Asha Rao' });
    expect(image).toHaveAttribute('src', '/api/files/a.png?sig=1');
    expect(screen.queryByRole('img', { name: 'Ravi Kumar' })).not.toBeInTheDocument();
    expect(screen.getByTitle('Ravi Kumar')).toBeInTheDocument();
    fireEvent.error(image);
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Asha Rao' })).not.toBeInTheDocument());
    expect(screen.getByTitle('Asha Rao')).toBeInTheDocument();
    // A superadmin also sees Location.
    expect(screen.getByRole('button', { name: 'Location of Asha Rao' })).toBeInTheDocument();
  });
});
