import { Anchor, AppShell, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Link, Navigate, Outlet } from 'react-router';
import { ThemeToggle } from '../../components/theme-toggle';
import { UserAvatar } from '../../components/user-avatar';
import { useCurrentUser, useLogout } from '../../lib/session';
import { AGENT_NAV_ITEMS } from '../navigation';
import { NavLinks } from './nav-links';

/** The field agents' area: a phone-first layout with a burger menu. */
export const AgentShell = () => {
  const { user } = useCurrentUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  const logout = useLogout();
  if (user === null) return <Navigate to="/login" replace />;
  const handleLogout = () => {
    close();
    void logout();
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
      data-testid="agent-shell"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle navigation"
            />
            <Anchor fw={700} c="inherit" underline="never" component={Link} to="/agent-dashboard">
              Agent Portal
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeToggle />
            <UserAvatar name={user.name} src={user.profile_pic} size="sm" />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section grow>
          <NavLinks items={AGENT_NAV_ITEMS} onNavigate={close} label="Agent navigation" />
        </AppShell.Section>
        <AppShell.Section>
          <Button
            fullWidth
            variant="light"
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={handleLogout}
          >
            Logout
          </Button>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};
