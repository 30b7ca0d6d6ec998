import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A dashboard figure as a link to the list it summarises (a real link: focusable, opens with Enter),
 * in the figure's own type; plain text when the figure has no list.
 */
export const FigureLink = ({ to, children }: { to: string | undefined; children: ReactNode }) =>
  to === undefined ? (
    children
  ) : (
    <Anchor component={Link} to={to} inherit c="inherit" underline="hover">
      {children}
    </Anchor>
  );
