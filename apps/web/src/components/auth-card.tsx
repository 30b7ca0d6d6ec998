import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguagePicker } from './language-picker';
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
  <Stack component="main" mih="100vh" p="md" gap="md" data-testid={testId}>
    {/* In the flow, not over the card: a short screen (a phone held sideways) keeps both readable. */}
    <Group justify="flex-end" gap="xs" wrap="nowrap">
      <LanguagePicker />
      <ThemeToggle />
    </Group>
    <Center style={{ flex: 1 }}>
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
  </Stack>
);
