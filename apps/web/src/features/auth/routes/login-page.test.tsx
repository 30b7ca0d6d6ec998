import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/token';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const fill = async (app: ReturnType<typeof renderApp>, email: string, password: string) => {
  if (email !== '') await app.events.type(screen.getByLabelText(/^Email/), email);
  if (password !== '') await app.events.type(screen.getByLabelText(/^Password/), password);
};

describe('sign-in', () => {
  it('shows the titles and links', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to your account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create new account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: '← Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('validates on blur with the domain messages', async () => {
    const app = renderApp('/admin/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await app.events.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await app.events.type(screen.getByLabelText(/^Password/), 'abc');
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    await app.events.tab();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('requires both fields on submit and calls nobody', async () => {
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await app.events.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(app.calls).toHaveLength(0);
  });

  it('stores the token, says so and sends an admin to /admin/dashboard', async () => {
    const user = makeUser('admin', { name: 'Asha' });
    const app = renderApp('/login', { api: { 'POST /auth/login': { body: { token: 'tok-1', user } } } });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await fill(app, 'Admin@Example.com ', 'secret1');
    await app.events.click(screen.getByRole('button', { name: 'Sign In' }));
    // The toast is drawn with the dashboard the sign-in opens, which takes a while on a busy machine.
    expect(await screen.findByText('Login successful', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('Welcome, Asha')).toBeInTheDocument();
    expect(app.pathname()).toBe('/admin/dashboard');
    expect(getToken()).toBe('tok-1');
    const login = app.calls.find((call) => call.path === '/auth/login');
    expect(JSON.parse(String(login?.init.body))).toEqual({ email: 'admin@example.com', password: 'secret1' });
  });

  it('sends an agent to /agent-dashboard', async () => {
    const app = renderApp('/login', {
      api: { 'POST /auth/login': { body: { token: 'tok-2', user: makeUser('agent') } } },
    });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await fill(app, 'agent@example.com', 'secret1');
    await app.events.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Agent Dashboard' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/agent-dashboard');
  });

  it('shows the server message in the form and as a toast on failure', async () => {
    const app = renderApp('/login', {
      api: { 'POST /auth/login': { status: 401, body: { message: 'Invalid email or password' } } },
    });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await fill(app, 'admin@example.com', 'wrong-pass');
    await app.events.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid email or password');
    expect(screen.getAllByText('Invalid email or password')).toHaveLength(2);
    expect(getToken()).toBeNull();
    expect(app.pathname()).toBe('/login');
  });

  it("says 'Invalid login response' when the answer lacks the token", async () => {
    const app = renderApp('/login', { api: { 'POST /auth/login': { body: { user: makeUser('admin') } } } });
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await fill(app, 'admin@example.com', 'secret1');
    await app.events.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Invalid login response');
    expect(getToken()).toBeNull();
  });
});
