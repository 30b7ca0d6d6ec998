import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';
import { COLOR_SCHEME_STORAGE_KEY } from './theme';

describe('theme toggle', () => {
  it('switches to dark and remembers the choice', async () => {
    const app = renderApp('/login');
    const toggle = await screen.findByRole('button', { name: 'Switch to dark theme' });
    await app.events.click(toggle);
    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
  });
});
