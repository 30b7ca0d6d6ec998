import type { TMessageLanguage, TMessageTemplatePreview } from '@lending/domain';
import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { variableMarker } from '../lib/insert-variable';
import { smsLimits, smsPartsLabel } from '../lib/message-format';

/** Variables the event does not offer, as the preview and the text field name them. */
export const unknownVariablesText = (names: readonly string[]): string =>
  `${names.length === 1 ? 'Unknown variable' : 'Unknown variables'}: ${names.map(variableMarker).join(', ')}`;

type TTemplatePreviewProps = {
  preview: TMessageTemplatePreview | undefined;
  language: TMessageLanguage;
  /** The variables the event offers, named when the text uses another. */
  variables: readonly string[];
  updating: boolean;
  /** Why the preview could not be made, or null. */
  failure: string | null;
};

/** The words as a borrower would get them, with sample values; an SMS's length and parts. */
export const TemplatePreview = ({
  preview,
  language,
  variables,
  updating,
  failure,
}: TTemplatePreviewProps) => (
  <Paper withBorder p="sm" radius="sm" data-testid="template-preview">
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          Preview with sample values
        </Text>
        {updating ? <Loader size="xs" role="status" aria-label="Updating the preview" /> : null}
      </Group>
      {failure !== null ? (
        <Text size="sm" c="red">
          {failure}
        </Text>
      ) : preview === undefined ? (
        <Text size="sm" c="dimmed">
          Write the text to see it with sample values
        </Text>
      ) : (
        <>
          {preview.subject === null ? null : (
            <Text size="sm" fw={600} lang={language}>
              {preview.subject}
            </Text>
          )}
          <Text size="sm" lang={language} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {preview.text}
          </Text>
          {preview.sms === null ? null : (
            <Text size="sm" c="gray" role="status" data-testid="template-sms-parts">
              {`${smsPartsLabel(preview.sms, preview.text)} · ${preview.sms.units} characters (${smsLimits(preview.sms)})`}
            </Text>
          )}
          {preview.unknown_variables.length === 0 ? null : (
            <Alert color="red" variant="light" data-testid="template-unknown-variables">
              {`${unknownVariablesText(preview.unknown_variables)}. This event offers ${variables
                .map(variableMarker)
                .join(', ')}.`}
            </Alert>
          )}
        </>
      )}
    </Stack>
  </Paper>
);
