import { Text } from '@mantine/core';

/** A person in a list: the name, and the mobile under it in small grey type when there is one. */
export const PersonLines = ({ name, mobile }: { name: string; mobile: string | null | undefined }) => (
  <>
    <Text size="sm">{name}</Text>
    {mobile ? (
      <Text size="xs" c="dimmed">
        {mobile}
      </Text>
    ) : null}
  </>
);
