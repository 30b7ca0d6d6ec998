import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FigureLink } from './figure-link';

export type TSummaryPanelProps = {
  title: string;
  /** Each line's figure, and the list it summarises when it has one. */
  lines: readonly { label: string; value: string | number; to?: string }[];
  action: { label: string; to: string };
};

/** A summary panel: a few figures of one area and a button to its screen. */
export const SummaryPanel = ({ title, lines, action }: TSummaryPanelProps) => (
  <Paper withBorder p="md" radius="md" h="100%" data-testid={`summary-${title}`}>
    <Title order={2} fz="h4" mb="sm">
      {title}
    </Title>
    <Stack gap={4} mb="md">
      {lines.map((line) => (
        <Group key={line.label} justify="space-between" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {line.label}
          </Text>
          <Text size="sm" fw={600}>
            <FigureLink to={line.to}>{line.value}</FigureLink>
          </Text>
        </Group>
      ))}
    </Stack>
    <Button component={Link} to={action.to} variant="light" fullWidth>
      {action.label}
    </Button>
  </Paper>
);
