import { Alert, Button, Group, Stack, Text } from '@mantine/core';

export const RESET_QUESTION = "Replace these words with the product's own? Your words are lost.";

type TResetTemplateConfirmProps = {
  busy: boolean;
  resetting: boolean;
  onKeep: () => void;
  onReset: () => void;
};

/** Reset to default, asked inside the editor: a confirm dialog over the editor's dialog would fight it for focus. */
export const ResetTemplateConfirm = ({ busy, resetting, onKeep, onReset }: TResetTemplateConfirmProps) => (
  <Alert color="orange" variant="light" title="Reset to default">
    <Stack gap="xs">
      <Text size="sm">{RESET_QUESTION}</Text>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onKeep} disabled={busy}>
          Keep my words
        </Button>
        <Button size="xs" color="orange" onClick={onReset} loading={resetting}>
          Reset
        </Button>
      </Group>
    </Stack>
  </Alert>
);
