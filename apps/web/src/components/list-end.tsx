import { Group, Loader, Text } from '@mantine/core';
import type { RefObject } from 'react';

type TListEndProps = { sentinel: RefObject<HTMLDivElement | null>; loadingMore: boolean };

/** The end of an infinitely scrolled list: the invisible sentinel, then 'Loading more...' while it loads. */
export const ListEnd = ({ sentinel, loadingMore }: TListEndProps) => (
  <>
    <div ref={sentinel} aria-hidden style={{ height: 1 }} />
    {loadingMore ? (
      <Group justify="center" gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading more...
        </Text>
      </Group>
    ) : null}
  </>
);
