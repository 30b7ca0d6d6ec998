import { Drawer, MantineProvider, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

const renderInTheme = (dialog: React.ReactNode) =>
  render(
    <MantineProvider theme={theme} env="test">
      <header>Page banner</header>
      {dialog}
    </MantineProvider>,
  );

describe('dialogs in the theme', () => {
  it.each([
    ['Modal', Modal],
    ['Drawer', Drawer],
  ])('a %s’s title bar is not a second banner of the page', (_name, Dialog) => {
    renderInTheme(
      <Dialog opened onClose={() => undefined} title="Loan Details">
        Body
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Loan Details' })).toBeVisible();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getByRole('banner')).toHaveTextContent('Page banner');
  });
});
