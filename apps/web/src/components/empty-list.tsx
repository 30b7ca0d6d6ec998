import { Stack, Text } from '@mantine/core';

/** What a list says when it has no rows: a title and a hint, and what it says while its rows load. */
export type TEmptyTexts = { title: string; text: string; loading: string };

type TEmptyListProps = { texts: TEmptyTexts; loading: boolean; testId?: string };

/** A list without rows: its title and hint, or only its loading text while the first rows load. */
export const EmptyList = ({ texts, loading, testId }: TEmptyListProps) => (
  <Stack align="center" gap={4} py="xl" data-testid={testId}>
    <Text fw={600}>{loading ? texts.loading : texts.title}</Text>
    {loading ? null : (
      <Text size="sm" c="dimmed">
        {texts.text}
      </Text>
    )}
  </Stack>
);
