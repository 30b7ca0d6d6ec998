import type { TPublicUser } from '@lending/domain';
import { Anchor, Burger, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ThemeToggle } from '../../components/theme-toggle';
import { UserAvatar } from '../../components/user-avatar';
import { accountMenuLinks, topNavLinks } from '../navigation';
import { BRAND_NAME } from './brand';

type TTopNavProps = {
  user: TPublicUser | null;
  burgerOpened: boolean;
  onBurgerToggle: () => void;
  onLogout: () => void;
};

const AccountMenu = ({ user, onLogout }: { user: TPublicUser; onLogout: () => void }) => (
  <Menu position="bottom-end" withinPortal>
    <Menu.Target>
      <UnstyledButton aria-label="Open account menu">
        <Group gap="xs" wrap="nowrap">
          <UserAvatar name={user.name} src={user.profile_pic} size="sm" />
          <IconChevronDown size={14} />
        </Group>
      </UnstyledButton>
    </Menu.Target>
    <Menu.Dropdown>
      <Menu.Label>
        <Text size="sm" fw={600} c="bright">
          {user.name === '' ? user.email : user.name}
        </Text>
        <Text size="xs" c="dimmed">
          {user.role}
        </Text>
      </Menu.Label>
      <Menu.Divider />
      {accountMenuLinks(user).map((item) => (
        <Menu.Item key={item.to} component={Link} to={item.to}>
          {item.label}
        </Menu.Item>
      ))}
      <Menu.Divider />
      <Menu.Item color="red" leftSection={<IconLogout size={14} />} onClick={onLogout}>
        Logout
      </Menu.Item>
    </Menu.Dropdown>
  </Menu>
);

/** The top navigation bar; on phones the links move into the burger menu. */
export const TopNav = ({ user, burgerOpened, onBurgerToggle, onLogout }: TTopNavProps) => (
  <Group h="100%" px="md" justify="space-between" wrap="nowrap">
    <Group gap="md" wrap="nowrap">
      {user === null ? null : (
        <Burger
          opened={burgerOpened}
          onClick={onBurgerToggle}
          hiddenFrom="md"
          size="sm"
          aria-label="Toggle navigation"
        />
      )}
      <Anchor
        fw={700}
        c="inherit"
        underline="never"
        component={Link}
        to={user === null ? '/login' : '/dashboard'}
      >
        {BRAND_NAME}
      </Anchor>
      {user === null ? null : (
        <Group gap="sm" visibleFrom="md" component="nav" aria-label="Main navigation">
          {topNavLinks(user).map((item) => (
            <Anchor key={item.to} component={Link} to={item.to} size="sm">
              {item.label}
            </Anchor>
          ))}
        </Group>
      )}
    </Group>
    <Group gap="sm" wrap="nowrap">
      <ThemeToggle />
      {user === null ? (
        <Button component={Link} to="/login" size="xs">
          Login
        </Button>
      ) : (
        <AccountMenu user={user} onLogout={onLogout} />
      )}
    </Group>
  </Group>
);
