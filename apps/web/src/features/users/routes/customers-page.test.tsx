import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { columnHeaders } from '../../../test/assertions';
import { fillIn, formFields, makeManagedUser, makeUser } from '../../../test/fixtures';
import type { TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const agent = makeUser('agent', { id: 3 });
const sunita = makeManagedUser('user', {
  id: 21,
  name: 'Sunita Pawar',
  email: 'sunita@example.com',
  mobile: '9890033333',
  address: 'Stall 14, Hadapsar',
  pan_card: '/api/files/pan.png?sig=1',
});
const mohammed = makeManagedUser('user', {
  id: 22,
  name: 'Mohammed Shaikh',
  email: 'mohammed@example.com',
  mobile: '9890044444',
  address: 'Tea stall',
  reference_customer_id: 21,
  reference_customer: {
    id: 21,
    name: 'Sunita Pawar',
    email: 'sunita@example.com',
    mobile: '9890033333',
    address: 'Stall 14, Hadapsar',
    profile_pic: null,
    latitude: 18.5,
    longitude: 73.9,
  },
});
const kavita = makeManagedUser('user', {
  id: 23,
  name: 'Kavita Jadhav',
  email: 'KAVITA@example.com',
  is_active: false,
});

const openCustomers = async (users = [sunita, mohammed, kavita], extra: Record<string, TMockReply> = {}) => {
  const app = renderApp('/agent/customers', {
    user: agent,
    api: {
      'GET /users/list/visible': { body: { users } },
      'GET /auth/users': {
        body: { users: users.map(({ id, name, email }) => ({ id, name, email })) },
      },
      ...extra,
    },
  });
  expect(await screen.findByRole('heading', { name: 'My Customers' })).toBeInTheDocument();
  return app;
};

describe('My Customers (agents)', () => {
  it('lists the agent’s customers and filters them locally, ignoring case', async () => {
    const app = await openCustomers();
    expect(
      screen.getByText(
        'View and manage customers you have registered. You can see their details and documents.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Total: 3 customers')).toBeInTheDocument();
    const table = screen.getByTestId('users-table');
    expect(columnHeaders(table)).toEqual(['Name', 'Email', 'Mobile', 'Status', 'Actions']);
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();

    const search = screen.getByPlaceholderText('Search customers by name or email...');
    await app.events.type(search, 'kavita@');
    expect(screen.getByText('Showing 1 of 3 customers')).toBeInTheDocument();
    expect(screen.getByText('Kavita Jadhav')).toBeInTheDocument();
    expect(screen.queryByText('Sunita Pawar')).not.toBeInTheDocument();
    await app.events.clear(search);
    await app.events.type(search, 'SHAIKH');
    expect(screen.getByText('Showing 1 of 3 customers')).toBeInTheDocument();
    await app.events.clear(search);
    await app.events.type(search, 'nobody');
    expect(screen.getByText('No customers match your search')).toBeInTheDocument();
    // Filtering never asks the server.
    expect(app.calls.filter((call) => call.path.startsWith('/users'))).toHaveLength(1);
  });

  it('shows the empty state with the add action', async () => {
    const app = await openCustomers([]);
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    await app.events.click(screen.getAllByRole('button', { name: '+ Add Customer' })[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Add New Customer' })).toBeInTheDocument();
  });

  it('shows a customer’s details read-only with the reference and the documents', async () => {
    const app = await openCustomers();
    await app.events.click(await screen.findByRole('button', { name: 'View details of Mohammed Shaikh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Customer Details' });
    for (const label of [/^Name/, /^Email/, /^Mobile/, /^Address/])
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('readonly');
    expect(within(dialog).getByText('User (Agents can only create customer accounts)')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Active' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
    expect(dialog.querySelector('input[type="file"]')).toBeNull();

    await app.events.click(within(dialog).getByRole('button', { name: 'View reference details' }));
    const reference = await screen.findByRole('dialog', { name: 'Reference User Details' });
    expect(within(reference).getByText('Sunita Pawar')).toBeInTheDocument();
    expect(within(reference).getByRole('link', { name: /View on Map/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=18.5,73.9',
    );
    await app.events.click(within(reference).getByRole('button', { name: 'Close' }));
    await app.events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Customer Details' })).toBeNull());

    // Documents open in the gallery, without a delete button for agents.
    await app.events.click(screen.getByRole('button', { name: 'View details of Sunita Pawar' }));
    const other = await screen.findByRole('dialog', { name: 'Customer Details' });
    await app.events.click(within(other).getByRole('button', { name: 'View PAN Card' }));
    const gallery = await screen.findByRole('dialog', { name: /PAN Card/ });
    expect(within(gallery).getByText('1 of 1')).toBeInTheDocument();
    expect(within(gallery).queryByRole('button', { name: 'Delete image' })).not.toBeInTheDocument();
  });

  it('adds a customer: the reference is required, role and password are not sent', async () => {
    const app = await openCustomers(undefined, {
      'POST /users': { status: 201, body: { message: 'User created successfully', user: sunita } },
    });
    await app.events.click(await screen.findByRole('button', { name: '+ Add Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Customer' });
    expect(within(dialog).getByText('User (Agents can only create customer accounts)')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Active' })).not.toBeInTheDocument();

    await fillIn(app.events, within(dialog).getByLabelText(/^Name/), 'Farida Khan');
    await fillIn(app.events, within(dialog).getByLabelText(/^Email/), 'farida@example.com');
    await fillIn(app.events, within(dialog).getByLabelText(/^Mobile/), '9123456780');
    await app.events.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Reference customer is required')).toBeInTheDocument();
    expect(await screen.findByText('Please fix the errors in the form')).toBeInTheDocument();

    const picker = within(dialog).getByRole('combobox', { name: 'Reference Customer' });
    await app.events.click(picker);
    expect(await screen.findByText('Type at least 2 characters to search')).toBeInTheDocument();
    // Agents search the picker: the server answers them nothing for fewer than 2 characters.
    await app.events.type(picker, 'Moh');
    await app.events.click(
      await screen.findByRole('option', { name: 'Mohammed Shaikh (mohammed@example.com)' }),
    );
    await app.events.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    const post = app.calls.find((call) => call.method === 'POST' && call.path === '/users');
    expect(post === undefined ? {} : formFields(post.init)).toEqual({
      name: 'Farida Khan',
      email: 'farida@example.com',
      mobile: '9123456780',
      address: '',
      reference_customer_id: '22',
    });
    expect(
      app.calls.some((call) => call.path === '/auth/users' && call.url.searchParams.get('search') === 'Moh'),
    ).toBe(true);
  });
});
