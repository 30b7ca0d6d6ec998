import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, showScreensIn } from '../../../lib/i18n';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

/** Fills the form, labelled in the language, and presses its sign-in button. */
const submitAs = async (
  app: ReturnType<typeof renderApp>,
  labels: { email: RegExp; password: RegExp; submit: string },
  password: string,
) => {
  await app.events.type(screen.getByLabelText(labels.email), 'agent@example.com');
  await app.events.type(screen.getByLabelText(labels.password), password);
  await app.events.click(screen.getByRole('button', { name: labels.submit }));
};

const MARATHI = { email: /^ईमेल/, password: /^पासवर्ड/, submit: 'साइन इन करा' };

describe('sign-in in another language', () => {
  it('switches every text of the page to Hindi from the picker and remembers the choice', async () => {
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await app.events.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'हिन्दी');
    expect(await screen.findByRole('heading', { name: 'फिर से स्वागत है' })).toBeInTheDocument();
    expect(screen.getByText('अपने खाते में साइन इन करें')).toBeInTheDocument();
    expect(screen.getByLabelText(/^ईमेल/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^पासवर्ड/)).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'साइन इन करें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'नया खाता बनाएँ' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'पासवर्ड भूल गए?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi');
    expect(screen.queryByText('Welcome Back')).not.toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
  });

  it('says a refusal in Tamil by its code', async () => {
    await showScreensIn('ta');
    const app = renderApp('/login', {
      api: {
        'POST /auth/login': {
          status: 401,
          body: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'மீண்டும் வருக' })).toBeInTheDocument();
    await submitAs(app, { email: /^மின்னஞ்சல்/, password: /^கடவுச்சொல்/, submit: 'உள்நுழை' }, 'wrong-pass');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('மின்னஞ்சல் அல்லது கடவுச்சொல் தவறு');
    expect(screen.queryByText('Invalid email or password')).not.toBeInTheDocument();
  });

  it('keeps the server’s words for a code the language has no translation of', async () => {
    await showScreensIn('mr');
    const app = renderApp('/login', {
      api: { 'POST /auth/login': { status: 400, body: { code: 'VALIDATION_FAILED', message: 'Bad input' } } },
    });
    await screen.findByRole('heading', { name: 'पुन्हा स्वागत आहे' });
    await submitAs(app, MARATHI, 'secret1');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Bad input');
  });

  it('signs in in Marathi and says so in Marathi', async () => {
    await showScreensIn('mr');
    const app = renderApp('/login', {
      api: { 'POST /auth/login': { body: { token: 'tok-3', user: makeUser('agent') } } },
    });
    await screen.findByRole('heading', { name: 'पुन्हा स्वागत आहे' });
    await submitAs(app, MARATHI, 'secret1');
    expect(await screen.findByText('साइन इन झाले', {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/agent-dashboard'));
  });
});
