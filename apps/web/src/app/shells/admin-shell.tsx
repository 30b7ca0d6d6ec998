import { isAdminRole } from '@lending/domain';
import { AppShell, Group, Menu, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { useCurrentUser, useLogout } from '../../lib/session';
import { adminProfileMenuItems, adminSidebarItems } from '../navigation';
import { AdminAccessDenied } from './access-denied';
import { BRAND_NAME } from './brand';
import { NavLinks } from './nav-links';
import { SidebarShell } from './sidebar-shell';

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

  const shownName = user.name === '' ? user.email : user.name;
  const profileMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* The name it shows is part of its name (WCAG 2.5.3): speech users say what they see. */}
        <UnstyledButton aria-label={`${shownName}: open profile menu`}>
          <Group gap="xs" wrap="nowrap">
            <UserAvatar name={user.name} src={user.profile_pic} size="sm" />
            <Text size="sm" fw={500} visibleFrom="xs">
              {shownName}
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
  );

  return (
    <SidebarShell
      testId="admin-shell"
      headerHeight={60}
      navbarWidth={250}
      opened={opened}
      onToggle={toggle}
      home="/admin/dashboard"
      brand={BRAND_NAME}
      actions={profileMenu}
      navbar={
        <AppShell.Section grow component={ScrollArea}>
          <NavLinks items={adminSidebarItems(user)} onNavigate={close} label="Admin navigation" />
        </AppShell.Section>
      }
    />
  );
};
