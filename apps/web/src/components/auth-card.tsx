import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ThemeToggle } from './theme-toggle';

type TAuthCardProps = {
  title: string;
  subtitle?: string;
  testId: string;
  children: ReactNode;
  width?: number;
};

/**
 * The centred card the sign-in, registration and password screens share. The page is its `main`
 * landmark, so a screen reader's "next landmark" lands on the form.
 */
export const AuthCard = ({ title, subtitle, testId, children, width = 420 }: TAuthCardProps) => (
  <Center component="main" mih="100vh" p="md" data-testid={testId} pos="relative">
    <div style={{ position: 'absolute', top: 16, right: 16 }}>
      <ThemeToggle />
    </div>
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={width}>
      <Stack gap="xs" mb="lg" align="center">
        <Title order={1} fz="h2" ta="center">
          {title}
        </Title>
        {subtitle === undefined ? null : (
          <Text c="dimmed" ta="center">
            {subtitle}
          </Text>
        )}
      </Stack>
      {children}
    </Paper>
  </Center>
);
