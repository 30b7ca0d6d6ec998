import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { colorSchemeManager, theme } from './theme';

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
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      env={env}
    >
      <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" />
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  </QueryClientProvider>
);
