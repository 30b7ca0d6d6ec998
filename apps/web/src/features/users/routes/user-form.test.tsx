import { MAX_UPLOAD_BYTES, type TManagedUser } from '@lending/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formFields, makeManagedUser, makeRoles, makeUser, pngFile } from '../../../test/fixtures';
import type { TMockCall, TMockReply } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

type TApp = ReturnType<typeof renderApp>;
type THandler = (call: TMockCall) => TMockReply;

const asha = makeManagedUser('user', {
  id: 11,
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobile: '9876500011',
});
const ravi = makeManagedUser('agent', {
  id: 12,
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  mobile: '9876500012',
  address: 'Camp, Pune',
  reference_customer_id: 11,
  reference_customer: {
    id: 11,
    name: 'Asha Rao',
    email: 'asha@example.com',
    mobile: '9876500011',
    address: 'Market Yard',
    profile_pic: null,
    latitude: null,
    longitude: null,
  },
});

const openAdmin = async (users: TManagedUser[], extra: Record<string, THandler | TMockReply> = {}) => {
  const app = renderApp('/admin/users', {
    user: makeUser('admin', { id: 2 }),
    api: {
      'GET /users': ({ url }) =>
        url.searchParams.get('limit') === '1000'
          ? { body: { users: [...users, makeManagedUser('admin', { id: 2 })], total: 3, totalPages: 1 } }
          : { body: { users, total: users.length, totalPages: 1 } },
      'GET /roles': { body: makeRoles() },
      ...extra,
    },
  });
  await screen.findByRole('heading', { name: 'Users Management' });
  return app;
};

const openAdd = async (app: TApp) => {
  await app.events.click(screen.getAllByRole('button', { name: '+ Add User' })[0] as HTMLElement);
  return screen.findByRole('dialog', { name: 'Add New User' });
};

const chooseOption = async (app: TApp, dialog: HTMLElement, field: string, option: string) => {
  await app.events.click(within(dialog).getByRole('combobox', { name: field }));
  await app.events.click(await screen.findByRole('option', { name: option }));
};

const fileInput = (dialog: HTMLElement, name: string) => {
  const input = dialog.querySelector<HTMLInputElement>(`input[type="file"][name="${name}"]`);
  if (input === null) throw new Error(`no file input ${name}`);
  return input;
};

describe('the user form (admins)', () => {
  it('shows every rule with its message and the fix-the-errors toast', async () => {
    const app = await openAdmin([asha]);
    const dialog = await openAdd(app);
    await app.events.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please fix the errors in the form')).toBeInTheDocument();
    for (const message of [
      'Name is required',
      'Email is required',
      'Password is required for new users',
      'Role is required',
      'Mobile is required',
    ])
      expect(within(dialog).getByText(message)).toBeInTheDocument();

    await app.events.type(within(dialog).getByLabelText(/^Name/), ' A ');
    await app.events.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    await app.events.type(within(dialog).getByLabelText(/^Password/), '12345');
    await app.events.type(within(dialog).getByLabelText(/^Mobile/), '5876543210');
    await app.events.click(within(dialog).getByRole('button', { name: 'Create' }));
    for (const message of [
      'Name must be at least 2 characters',
      'Invalid email address',
      'Password must be at least 6 characters',
      'Invalid mobile number',
    ])
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    // Reference customer is optional for admins.
    expect(within(dialog).queryByText('Reference customer is required')).not.toBeInTheDocument();
  });

  it('offers every role but superadmin, shows the choice and the QR field for staff roles', async () => {
    const app = await openAdmin([asha]);
    const dialog = await openAdd(app);
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await app.events.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Admin',
      'Agent',
      'User',
    ]);
    await app.events.click(screen.getByRole('option', { name: 'Agent' }));
    expect(within(dialog).getByText('Selected:')).toBeInTheDocument();
    expect(within(dialog).getByText('No QR code uploaded yet')).toBeInTheDocument();
    expect(fileInput(dialog, 'agent_qr_code')).toBeInTheDocument();
    await chooseOption(app, dialog, 'Role', 'User');
    expect(within(dialog).queryByText('No QR code uploaded yet')).not.toBeInTheDocument();
    expect(dialog.querySelector('input[name="agent_qr_code"]')).toBeNull();
  });

  it('checks chosen files when picked and on save', async () => {
    const app = await openAdmin([asha]);
    const dialog = await openAdd(app);
    const text = new File(['just some text'], 'notes.png', { type: 'image/png' });
    await app.events.upload(fileInput(dialog, 'pan_card'), text);
    expect(
      await within(dialog).findByText('Please upload only image files (JPG, PNG, etc.)'),
    ).toBeInTheDocument();
    await app.events.upload(fileInput(dialog, 'voter_card'), pngFile('big.png', MAX_UPLOAD_BYTES + 1));
    expect(await within(dialog).findByText('File size must be less than 2MB')).toBeInTheDocument();

    await app.events.type(within(dialog).getByLabelText(/^Name/), 'Meena Pillai');
    await app.events.type(within(dialog).getByLabelText(/^Email/), 'meena@example.com');
    await app.events.type(within(dialog).getByLabelText(/^Password/), 'secret1');
    await chooseOption(app, dialog, 'Role', 'User');
    await app.events.type(within(dialog).getByLabelText(/^Mobile/), '9876543210');
    await app.events.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Voter Card must be less than 2MB')).toBeInTheDocument();
    expect(
      within(dialog).getByText('PAN Card must be an image file (jpg, png, gif, webp)'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please fix the errors in the form')).toBeInTheDocument();
    expect(app.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates a user with the form as multipart and tells to upload the QR code afterwards', async () => {
    let sent: Record<string, string> = {};
    const app = await openAdmin([asha], {
      'POST /users': ({ init }) => {
        sent = formFields(init);
        return { status: 201, body: { message: 'User created successfully', user: asha } };
      },
    });
    const dialog = await openAdd(app);
    await app.events.type(within(dialog).getByLabelText(/^Name/), 'Meena Pillai');
    await app.events.type(within(dialog).getByLabelText(/^Email/), 'meena@example.com');
    await app.events.type(within(dialog).getByLabelText(/^Password/), 'secret1');
    await chooseOption(app, dialog, 'Role', 'Agent');
    await app.events.type(within(dialog).getByLabelText(/^Mobile/), '9876543210');
    await app.events.type(within(dialog).getByLabelText(/^Address/), 'Aundh, Pune');
    await app.events.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await app.events.click(within(dialog).getByRole('combobox', { name: 'Reference Customer' }));
    expect(screen.getByPlaceholderText('Search for a reference user...')).toBeInTheDocument();
    await app.events.click(await screen.findByRole('option', { name: 'Asha Rao (asha@example.com)' }));
    await app.events.click(within(dialog).getByRole('button', { name: 'Clear selection' }));
    expect(within(dialog).getByRole('combobox', { name: 'Reference Customer' })).toHaveValue('');
    await chooseOption(app, dialog, 'Reference Customer', 'Asha Rao (asha@example.com)');
    await app.events.upload(fileInput(dialog, 'profile_pic'), pngFile('face.png'));
    await app.events.upload(fileInput(dialog, 'agent_qr_code'), pngFile('qr.png'));
    await app.events.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The QR code can only be uploaded after the user is created. Edit the user to upload it.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      name: 'Meena Pillai',
      email: 'meena@example.com',
      password: 'secret1',
      role_id: '3',
      is_active: 'false',
      mobile: '9876543210',
      address: 'Aundh, Pune',
      reference_customer_id: '11',
      profile_pic: 'file:face.png',
    });
    expect(app.calls.some((call) => call.method === 'PATCH')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New User' })).toBeNull());
  });

  it('edits a user: blank password keeps it, the reference excludes the user, the QR goes after', async () => {
    let sent: Record<string, string> = {};
    const app = await openAdmin([asha, ravi], {
      'PUT /users/12': ({ init }) => {
        sent = formFields(init);
        return { body: { message: 'User updated successfully', user: ravi } };
      },
      'PATCH /users/12/agent-qr': ({ init }) => ({
        body: { message: 'Agent QR code updated successfully', user: ravi },
        ...(formFields(init).agent_qr_code === 'file:qr.png' ? {} : { status: 400 }),
      }),
    });
    await app.events.click(await screen.findByRole('button', { name: 'Edit Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByLabelText('New Password (leave blank to keep current)')).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Ravi Kumar');
    expect(within(dialog).getByRole('combobox', { name: 'Reference Customer' })).toHaveValue(
      'Asha Rao (asha@example.com)',
    );
    await app.events.click(within(dialog).getByRole('combobox', { name: 'Reference Customer' }));
    const choices = screen.getAllByRole('option').map((option) => option.textContent);
    expect(choices).not.toContain('Ravi Kumar (ravi@example.com)');
    await app.events.keyboard('{Escape}');

    // The saved reference's details.
    await app.events.click(within(dialog).getByRole('button', { name: 'View reference details' }));
    const details = await screen.findByRole('dialog', { name: 'Reference User Details' });
    expect(within(details).getByRole('link', { name: 'asha@example.com' })).toHaveAttribute(
      'href',
      'mailto:asha@example.com',
    );
    expect(within(details).getByRole('link', { name: '9876500011' })).toHaveAttribute(
      'href',
      'tel:9876500011',
    );
    expect(within(details).getByText('Market Yard')).toBeInTheDocument();
    expect(within(details).queryByText('View on Map')).not.toBeInTheDocument();
    await app.events.click(within(details).getByRole('button', { name: 'Close' }));

    await app.events.upload(fileInput(dialog, 'agent_qr_code'), pngFile('qr.png'));
    await app.events.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(sent.password).toBeUndefined();
    expect(sent.role_id).toBe('3');
    expect(sent.agent_qr_code).toBeUndefined();
    await waitFor(() => expect(app.calls.some((call) => call.path === '/users/12/agent-qr')).toBe(true));
    const order = app.calls
      .filter((call) => call.method !== 'GET')
      .map((call) => `${call.method} ${call.path}`);
    expect(order).toEqual(['PUT /users/12', 'PATCH /users/12/agent-qr']);
  });

  it('puts refusals about the reference customer and the mobile under those fields', async () => {
    let answer: TMockReply = { status: 400, body: { message: 'Reference customer not found' } };
    const app = await openAdmin([asha, ravi], { 'PUT /users/12': () => answer });
    await app.events.click(await screen.findByRole('button', { name: 'Edit Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await app.events.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getAllByText('Reference customer not found')).toHaveLength(2));
    expect(within(dialog).getByRole('combobox', { name: 'Reference Customer' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    answer = { status: 409, body: { message: 'This mobile number is already registered' } };
    await app.events.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('This mobile number is already registered')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Mobile/)).toHaveAttribute('aria-invalid', 'true');

    answer = {
      status: 409,
      body: {
        message: 'A user with this email already exists',
        errors: [{ param: 'email', msg: 'A user with this email already exists' }],
      },
    };
    await app.events.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getAllByText('A user with this email already exists')).toHaveLength(2));
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');

    answer = { status: 500 };
    await app.events.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to save user', {}, { timeout: 3000 })).toBeInTheDocument();
  });
});
