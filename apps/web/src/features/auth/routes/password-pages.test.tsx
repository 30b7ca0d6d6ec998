import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

describe('forgot password', () => {
  it('validates the address and shows the server answer', async () => {
    const app = renderApp('/forgot-password', {
      api: {
        'POST /auth/forgot-password': {
          body: { message: 'If that e-mail is registered, a link is on its way.' },
        },
      },
    });
    await screen.findByRole('heading', { name: 'Forgot Password' });
    await app.events.type(screen.getByLabelText(/^Email/), 'nope');
    await app.events.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(app.calls).toHaveLength(0);
    await app.events.clear(screen.getByLabelText(/^Email/));
    await app.events.type(screen.getByLabelText(/^Email/), 'Ravi@Example.com');
    await app.events.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText('If that e-mail is registered, a link is on its way.'),
    ).toBeInTheDocument();
    expect(JSON.parse(String(app.calls[0]?.init.body))).toEqual({ email: 'ravi@example.com' });
  });
});

describe('reset password', () => {
  it('explains that a link without a token cannot reset anything', async () => {
    renderApp('/reset-password');
    expect(await screen.findByText('Reset token is required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('sends the token from the address with the new password', async () => {
    const app = renderApp('/reset-password?token=abc123', {
      api: { 'POST /auth/reset-password': { body: { message: 'Password reset successfully' } } },
    });
    await screen.findByRole('heading', { name: 'Reset Password' });
    await app.events.type(screen.getByLabelText(/^New Password/), 'newpass1');
    await app.events.type(screen.getByLabelText(/^Confirm Password/), 'newpass2');
    await app.events.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(app.calls).toHaveLength(0);
    await app.events.clear(screen.getByLabelText(/^Confirm Password/));
    await app.events.type(screen.getByLabelText(/^Confirm Password/), 'newpass1');
    await app.events.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successfully')).toBeInTheDocument();
    expect(JSON.parse(String(app.calls[0]?.init.body))).toEqual({ token: 'abc123', newPassword: 'newpass1' });
  });

  it('shows the refusal of an expired token', async () => {
    const app = renderApp('/reset-password?token=old', {
      api: {
        'POST /auth/reset-password': { status: 400, body: { message: 'Invalid or expired reset token' } },
      },
    });
    await screen.findByRole('heading', { name: 'Reset Password' });
    await app.events.type(screen.getByLabelText(/^New Password/), 'newpass1');
    await app.events.type(screen.getByLabelText(/^Confirm Password/), 'newpass1');
    await app.events.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired reset token');
  });
});
