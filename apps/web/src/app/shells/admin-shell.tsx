import { isAdminRole } from '@lending/domain';
import { Anchor, AppShell, Burger, Group, Menu, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link, Navigate, Outlet } from 'react-router';
import { ThemeToggle } from '../../components/theme-toggle';
import { UserAvatar } from '../../components/user-avatar';
import { useCurrentUser, useLogout } from '../../lib/session';
import { adminProfileMenuItems, adminSidebarItems } from '../navigation';
import { AdminAccessDenied } from './access-denied';
import { BRAND_NAME } from './brand';
import { NavLinks } from './nav-links';

/** The /admin area: header with profile menu, sidebar (a burger drawer on phones), content. */
export const AdminShell = () => {
  const { user } = useCurrentUser();
  const [opened, { toggle, close }] = useDisclosure(false);
  const logout = useLogout();
  if (user === null) return <Navigate to="/admin/login" replace />;
  if (!isAdminRole(user)) return <AdminAccessDenied />;
  const handleSignOut = () => {
    void logout();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
      data-testid="admin-shell"
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
            <Anchor fw={700} c="inherit" underline="never" component={Link} to="/admin/dashboard">
              {BRAND_NAME}
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ThemeToggle />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton aria-label="Open profile menu">
                  <Group gap="xs" wrap="nowrap">
                    <UserAvatar name={user.name} src={user.profile_pic} size="sm" />
                    <Text size="sm" fw={500} visibleFrom="xs">
                      {user.name === '' ? user.email : user.name}
                    </Text>
                    <IconChevronDown size={14} />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{user.role}</Menu.Label>
                {adminProfileMenuItems(user).map((item) => (
                  <Menu.Item key={item.to} component={Link} to={item.to}>
                    {item.label}
                  </Menu.Item>
                ))}
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconLogout size={14} />} onClick={handleSignOut}>
                  Sign Out
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AppShell.Section grow component={ScrollArea}>
          <NavLinks items={adminSidebarItems(user)} onNavigate={close} label="Admin navigation" />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};
