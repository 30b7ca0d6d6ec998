import { AppShell, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useCurrentUser, useLogout } from '../../lib/session';
import { AGENT_NAV_ITEMS } from '../navigation';
import { NavLinks } from './nav-links';
import { SidebarShell } from './sidebar-shell';

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
    <SidebarShell
      testId="agent-shell"
      headerHeight={56}
      navbarWidth={230}
      opened={opened}
      onToggle={toggle}
      home="/agent-dashboard"
      brand="Agent Portal"
      actions={<UserAvatar name={user.name} src={user.profile_pic} size="sm" />}
      navbar={
        <>
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
        </>
      }
    />
  );
};
