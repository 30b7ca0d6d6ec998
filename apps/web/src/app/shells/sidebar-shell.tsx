import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { ThemeToggle } from '../../components/theme-toggle';

type TShellHeaderProps = {
  opened: boolean;
  onToggle: () => void;
  /** Where the brand links to, and what it reads. */
  home: string;
  brand: string;
  /** What follows the theme toggle on the right (avatar, profile menu). */
  actions: ReactNode;
};

/** The header of a sidebar area: burger (phones) and brand on the left, theme toggle and actions on the right. */
export const ShellHeader = ({ opened, onToggle, home, brand, actions }: TShellHeaderProps) => (
  <Group h="100%" px="md" justify="space-between" wrap="nowrap">
    <Group gap="sm" wrap="nowrap">
      <Burger opened={opened} onClick={onToggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
      <Anchor fw={700} c="inherit" underline="never" component={Link} to={home}>
        {brand}
      </Anchor>
    </Group>
    <Group gap="sm" wrap="nowrap">
      <ThemeToggle />
      {actions}
    </Group>
  </Group>
);

type TSidebarShellProps = TShellHeaderProps & {
  testId: string;
  headerHeight: number;
  navbarWidth: number;
  /** The sidebar's sections. */
  navbar: ReactNode;
};

/** An area with a header and a sidebar that becomes a burger drawer on phones; pages render in the main part. */
export const SidebarShell = ({
  testId,
  headerHeight,
  navbarWidth,
  navbar,
  ...header
}: TSidebarShellProps) => (
  <AppShell
    header={{ height: headerHeight }}
    navbar={{ width: navbarWidth, breakpoint: 'sm', collapsed: { mobile: !header.opened } }}
    padding="md"
    data-testid={testId}
  >
    <AppShell.Header>
      <ShellHeader {...header} />
    </AppShell.Header>
    <AppShell.Navbar p="xs">{navbar}</AppShell.Navbar>
    <AppShell.Main>
      <Outlet />
    </AppShell.Main>
  </AppShell>
);
