import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { accessibleColors, colorSchemeManager, theme } from './theme';
import { Toasts } from './toasts';

/**
 * The confirm dialogs' provider is not here: it pulls in Mantine's whole modal machinery, which the
 * public screens never use. Each signed-in area's frame brings it (see `shells` in `pages.tsx`).
 */

/** Toasts close themselves after 5 s unless a screen says otherwise. */
export const TOAST_AUTO_CLOSE_MS = 5000;

type TAppProvidersProps = {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off transitions and portals (Testing Library). */
  env?: 'default' | 'test';
};

export const AppProviders = ({ queryClient, children, env = 'default' }: TAppProvidersProps) => (
  <QueryClientProvider client={queryClient}>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={accessibleColors}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
    >
      <Toasts autoClose={TOAST_AUTO_CLOSE_MS} />
      {children}
    </MantineProvider>
  </QueryClientProvider>
);
