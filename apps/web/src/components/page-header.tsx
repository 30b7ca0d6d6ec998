import { Group, type GroupProps } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { PageTitle } from './page-title';

type TPageHeaderProps = Omit<ComponentProps<typeof PageTitle>, 'children'> & {
  /** The screen's buttons, shown on the right of the title. */
  children: ReactNode;
  align?: GroupProps['align'];
  gap?: GroupProps['gap'];
};

/** A screen's title with its buttons (export, refresh, add, ...) across from it. */
export const PageHeader = ({ children, align = 'center', gap, ...title }: TPageHeaderProps) => (
  <Group justify="space-between" align={align} gap={gap}>
    <PageTitle {...title} />
    <Group gap="xs">{children}</Group>
  </Group>
);
