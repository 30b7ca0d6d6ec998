import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { TNavItem } from '../navigation';

/** The item whose path best matches the current location (the longest prefix wins). */
export const activeItemPath = (items: readonly TNavItem[], pathname: string): string | null => {
  const matches = items.filter((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  matches.sort((a, b) => b.to.length - a.to.length);
  return matches[0]?.to ?? null;
};

type TNavLinksProps = { items: readonly TNavItem[]; onNavigate?: () => void; label: string };

/** A vertical list of navigation links for a shell's sidebar. */
export const NavLinks = ({ items, onNavigate, label }: TNavLinksProps) => {
  const { pathname } = useLocation();
  const active = activeItemPath(items, pathname);
  return (
    <Stack component="nav" aria-label={label} gap={2}>
      {items.map((item) => (
        <NavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={item.label}
          active={item.to === active}
          aria-current={item.to === active ? 'page' : undefined}
          onClick={onNavigate}
        />
      ))}
    </Stack>
  );
};
