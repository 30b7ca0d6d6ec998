import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { ThemeToggle } from '../../components/theme-toggle';
import { usePhone } from '../../lib/use-phone';

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

/**
 * Whether a drawer's contents are drawn: always where the sidebar shows, and on a phone from the
 * first time the burger opens it (then kept, so it slides away whole). A closed drawer's thirty links
 * are work a slow phone would do before its first screen for nothing.
 */
export const useDrawerContents = (opened: boolean, alwaysShown: boolean): boolean => {
  const [everOpened, setEverOpened] = useState(false);
  if (opened && !everOpened) setEverOpened(true);
  return alwaysShown || opened || everOpened;
};

/** An area with a header and a sidebar that becomes a burger drawer on phones; pages render in the main part. */
export const SidebarShell = ({
  testId,
  headerHeight,
  navbarWidth,
  navbar,
  ...header
}: TSidebarShellProps) => {
  const drawn = useDrawerContents(header.opened, !usePhone());
  return (
    <AppShell
      header={{ height: headerHeight }}
      navbar={{ width: navbarWidth, breakpoint: 'sm', collapsed: { mobile: !header.opened } }}
      padding="md"
      data-testid={testId}
    >
      <AppShell.Header>
        <ShellHeader {...header} />
      </AppShell.Header>
      <AppShell.Navbar p="xs">{drawn ? navbar : null}</AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};
