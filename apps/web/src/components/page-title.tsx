import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type TPageTitleProps = {
  title: string;
  /** Lets end-to-end tests find the page: `page-<area>`. */
  testId: string;
  subtitle?: ReactNode;
  children?: ReactNode;
};

/** The heading every screen starts with; screens not built yet show only this. */
export const PageTitle = ({ title, testId, subtitle, children }: TPageTitleProps) => (
  <Stack gap="xs" data-testid={testId}>
    <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
      {title}
    </Title>
    {subtitle === undefined ? null : <Text c="dimmed">{subtitle}</Text>}
    {children}
  </Stack>
);
