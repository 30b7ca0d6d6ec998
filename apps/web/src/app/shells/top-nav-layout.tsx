import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useCurrentUser, useLogout } from '../../lib/session';
import { topNavLinks } from '../navigation';
import { NavLinks } from './nav-links';
import { useDrawerContents } from './sidebar-shell';
import { TopNav } from './top-nav';

/** Pages any signed-in person may open (/help, /my-loans, /notifications), under the top bar. */
export const TopNavLayout = () => {
  const { user } = useCurrentUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  const logout = useLogout();
  // The bar's links show on wide screens; this drawer only ever opens on a phone.
  const drawn = useDrawerContents(opened, false);
  const handleLogout = () => {
    close();
    void logout();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { desktop: true, mobile: !opened } }}
      padding="md"
      data-testid="top-nav-layout"
    >
      <AppShell.Header>
        <TopNav user={user} burgerOpened={opened} onBurgerToggle={toggle} onLogout={handleLogout} />
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        {user === null || !drawn ? null : (
          <NavLinks items={topNavLinks(user)} onNavigate={close} label="Mobile navigation" />
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};
