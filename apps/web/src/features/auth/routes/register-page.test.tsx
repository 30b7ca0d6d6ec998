import { MAX_UPLOAD_BYTES } from '@lending/domain';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getToken } from '../../../lib/token';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];

const fileOf = (name: string, head: number[], size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return new File([bytes], name, { type: name.endsWith('.gif') ? 'image/gif' : 'image/png' });
};

const fileInput = (field: string) => {
  const input = document.querySelector<HTMLInputElement>(`input[type="file"][name="${field}"]`);
  if (input === null) throw new Error(`no file input ${field}`);
  return input;
};

type TApp = ReturnType<typeof renderApp>;

const fillValid = async (app: TApp) => {
  await app.events.type(screen.getByLabelText(/^Full Name/), 'Ravi Kumar');
  await app.events.type(screen.getByLabelText(/^Email/), 'ravi@example.com');
  await app.events.type(screen.getByLabelText(/^Mobile Number/), '9876543210');
  await app.events.type(screen.getByLabelText(/^Address/), 'Park Street, Kolkata');
  await app.events.type(screen.getByLabelText(/^Password/), 'secret1');
  await app.events.type(screen.getByLabelText(/^Confirm Password/), 'secret1');
};

const openRegister = async () => {
  const app = renderApp('/register', {
    api: {
      'POST /auth/register': { body: { token: 'new-token', user: makeUser('user', { name: 'Ravi Kumar' }) } },
      'GET /auth/users': ({ url }) => ({
        body: {
          users:
            url.searchParams.get('search') === 'as'
              ? [{ id: 5, name: 'Asha Rao', email: 'a***@example.com' }]
              : [],
        },
      }),
    },
  });
  expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
  return app;
};

describe('registration', () => {
  it('shows the titles and the login link', async () => {
    await openRegister();
    expect(screen.getByText('Join us today')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Login' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('refuses an empty form with the domain messages and sends nothing', async () => {
    const app = await openRegister();
    await app.events.click(screen.getByRole('button', { name: 'Create Account' }));
    for (const message of [
      'Name is required',
      'Email is required',
      'Mobile number is required',
      'Address is required',
      'Password is required',
      'Please confirm your password',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(app.calls.some((call) => call.path === '/auth/register')).toBe(false);
  });

  it('checks the mobile number and the password confirmation', async () => {
    const app = await openRegister();
    await app.events.type(screen.getByLabelText(/^Mobile Number/), '12345');
    await app.events.type(screen.getByLabelText(/^Password/), 'secret1');
    await app.events.type(screen.getByLabelText(/^Confirm Password/), 'secret2');
    await app.events.tab();
    expect(await screen.findByText('Please enter a valid 10-digit mobile number')).toBeInTheDocument();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('refuses an oversized or non-JPG/PNG identity card when picked, then on submit per card', async () => {
    const app = await openRegister();
    // A browser's file picker can be switched to "All files"; the check must not rely on `accept`.
    const anyFile = userEvent.setup({ applyAccept: false, delay: null });
    await anyFile.upload(fileInput('adhaar_card'), fileOf('card.gif', GIF));
    expect(await screen.findByText('Only JPG, JPEG & PNG files are allowed')).toBeInTheDocument();
    await app.events.upload(fileInput('pan_card'), fileOf('pan.png', PNG, MAX_UPLOAD_BYTES + 1));
    expect(await screen.findByText('File size must be less than 2MB')).toBeInTheDocument();
    await fillValid(app);
    await app.events.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('PAN card image must be less than 2MB')).toBeInTheDocument();
    expect(app.calls.some((call) => call.path === '/auth/register')).toBe(false);
  });

  it('searches reference customers on the server as the visitor types', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = await openRegister();
    const picker = screen.getByRole('combobox', { name: 'Reference Customer (optional)' });
    await app.events.type(picker, 'as');
    expect(await screen.findByText('Loading users...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(300));
    await app.events.click(await screen.findByRole('option', { name: 'Asha Rao (a***@example.com)' }));
    const searches = app.calls.filter((call) => call.path === '/auth/users');
    expect(searches.map((call) => call.url.searchParams.get('search'))).toEqual(['as']);
    expect(picker).toHaveValue('Asha Rao (a***@example.com)');
    await fillValid(app);
    await app.events.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByText('Registration successful');
    const sent = app.calls.find((call) => call.path === '/auth/register')?.init.body as FormData;
    expect(sent.get('reference_customer_id')).toBe('5');
  });

  it("says 'No users found' when the search matches nobody and waits for 2 characters", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = await openRegister();
    const picker = screen.getByRole('combobox', { name: 'Reference Customer (optional)' });
    await app.events.type(picker, 'z');
    expect(await screen.findByText('Type at least 2 characters to search')).toBeInTheDocument();
    await app.events.type(picker, 'z');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(app.calls.filter((call) => call.path === '/auth/users').map((call) => call.url.search)).toEqual([
      '?search=zz',
    ]);
  });

  it('sends the form as multipart, stores the token and leaves the page', async () => {
    const app = await openRegister();
    await fillValid(app);
    await app.events.upload(fileInput('pan_card'), fileOf('pan.png', PNG));
    await app.events.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(getToken()).toBe('new-token');
    const call = app.calls.find((candidate) => candidate.path === '/auth/register');
    const body = call?.init.body as FormData;
    expect(body.get('name')).toBe('Ravi Kumar');
    expect(body.get('mobile')).toBe('9876543210');
    expect(body.get('confirmPassword')).toBe('secret1');
    expect(body.get('reference_customer_id')).toBeNull();
    expect((body.get('pan_card') as File).name).toBe('pan.png');
    expect(app.pathname()).not.toBe('/register');
  });

  it('shows server field errors under their fields', async () => {
    const app = renderApp('/register', {
      api: {
        'POST /auth/register': {
          status: 409,
          body: {
            message: 'Validation failed',
            errors: [{ param: 'email', msg: 'Email is already registered' }],
          },
        },
      },
    });
    await screen.findByRole('heading', { name: 'Create Account' });
    await fillValid(app);
    await app.events.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Email is already registered')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(getToken()).toBeNull();
  });

  it('falls back to the generic message when the server says nothing', async () => {
    const app = renderApp('/register', { api: { 'POST /auth/register': { status: 500 } } });
    await screen.findByRole('heading', { name: 'Create Account' });
    await fillValid(app);
    await app.events.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed. Please try again.')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});
