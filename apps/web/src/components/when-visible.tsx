import { Box, type MantineStyleProp, type StyleProp } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useInfiniteSentinel } from '../lib/use-infinite-sentinel';

type TWhenVisibleProps = {
  /** The height its children will take, kept while they are not drawn (no layout shift). */
  minHeight: StyleProp<number | string>;
  children: ReactNode;
  style?: MantineStyleProp;
  /** The placeholder's test id, so an end-to-end test can scroll to it as a person would. */
  placeholderTestId?: string;
};

/**
 * Draws its children only once they come near the screen (200 px ahead), holding their height
 * until then. For heavy parts below the fold (the dashboard's charts bring a 107 kB chart library):
 * a phone that never scrolls to them never downloads, parses or draws them. Without an
 * IntersectionObserver (old browsers) it draws them at once.
 */
export const WhenVisible = ({ minHeight, children, style, placeholderTestId }: TWhenVisibleProps) => {
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeholder = useInfiniteSentinel(() => setVisible(true), !visible);
  return visible ? (
    children
  ) : (
    <Box ref={placeholder} mih={minHeight} style={style} aria-hidden data-testid={placeholderTestId} />
  );
};
