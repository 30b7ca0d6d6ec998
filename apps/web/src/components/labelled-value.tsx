import { Stack, Text } from '@mantine/core';

type TLabelledValueProps = { label: string; value: string; fw?: number };

/** A figure on a card or in details: a small dimmed label over its value. */
export const LabelledValue = ({ label, value, fw }: TLabelledValueProps) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={fw}>
      {value}
    </Text>
  </Stack>
);
