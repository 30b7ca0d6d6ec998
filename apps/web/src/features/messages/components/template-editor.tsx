import {
  MESSAGE_LANGUAGE_LABELS,
  PROVIDER_TEMPLATE_ID_MAX,
  TEMPLATE_BODY_MAX,
  TEMPLATE_SUBJECT_MAX,
  type TMessageTemplatePreviewRequest,
  type TMessageTemplateView,
} from '@lending/domain';
import { Alert, Badge, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useTemplatePreview } from '../api/preview-template';
import { useResetTemplate, useSaveTemplate } from '../api/save-template';
import { channelLabel, eventLabel } from '../lib/message-format';
import {
  PROVIDER_FIELD,
  refusalErrorsOf,
  type TTemplateFieldErrors,
  templateRequestOf,
} from '../lib/template-form';
import { useVariableInsert } from '../lib/use-variable-insert';
import { ResetTemplateConfirm } from './reset-template-confirm';
import { TemplatePreview, unknownVariablesText } from './template-preview';
import { VariableChips } from './variable-chips';

/** Typing waits this long before the preview is asked for again. */
export const PREVIEW_DEBOUNCE_MS = 400;

export const TEMPLATE_TEXTS = {
  saveFailed: 'Failed to save the template',
  resetFailed: 'Failed to reset the template',
  previewFailed: 'Failed to preview the template',
} as const;

type TTemplateEditorProps = { template: TMessageTemplateView; onClose: () => void };

/** The words of one event on one channel in one language: edit, preview, save or reset to the product's. */
export const TemplateEditor = ({ template, onClose }: TTemplateEditorProps) => {
  const { event, channel, language } = template;
  const email = channel === 'email';
  const [subject, setSubject] = useState(template.subject ?? '');
  const [body, setBody] = useState(template.body);
  const [providerId, setProviderId] = useState(template.provider_template_id ?? '');
  const [errors, setErrors] = useState<TTemplateFieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [askingReset, setAskingReset] = useState(false);
  const saver = useSaveTemplate();
  const resetter = useResetTemplate();
  const busy = saver.isPending || resetter.isPending;

  // A change clears the errors of the last save: they were about the words before it.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors({});
  };
  const variables = useVariableInsert({
    subject: email ? { value: subject, set: edit(setSubject) } : null,
    body: { value: body, set: edit(setBody) },
  });

  // The preview follows the words once typing stops; its key is the request's text, which stays
  // the same across renders where the object would not.
  const request: TMessageTemplatePreviewRequest = {
    event,
    channel,
    language,
    subject: email ? subject : null,
    body,
  };
  const [settledKey] = useDebouncedValue(JSON.stringify(request), PREVIEW_DEBOUNCE_MS);
  const settled = useMemo(() => JSON.parse(settledKey) as TMessageTemplatePreviewRequest, [settledKey]);
  const preview = useTemplatePreview(settled.body.trim() === '' ? null : settled);
  const unknown = preview.data?.unknown_variables ?? [];

  const handleSave = async (submitted: React.FormEvent) => {
    submitted.preventDefault();
    setRefusal(null);
    const checked = templateRequestOf({ email, subject, body, providerId });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const answer = await saver.mutateAsync({ params: { event, channel, language }, body: checked.request });
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (error) {
      setErrors(refusalErrorsOf(error));
      setRefusal(errorMessage(error, TEMPLATE_TEXTS.saveFailed));
    }
  };

  const handleReset = async () => {
    setRefusal(null);
    try {
      const answer = await resetter.mutateAsync({ event, channel, language });
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (error) {
      setAskingReset(false);
      setRefusal(errorMessage(error, TEMPLATE_TEXTS.resetFailed));
    }
  };

  return (
    <form onSubmit={(submitted) => void handleSave(submitted)} noValidate>
      <Stack gap="sm">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {`${eventLabel(event)} · ${channelLabel(channel)} · ${MESSAGE_LANGUAGE_LABELS[language]}`}
          </Text>
          {template.customised ? (
            <Badge variant="light" color="blue">
              Customised
            </Badge>
          ) : null}
        </Group>
        {email ? (
          <TextInput
            ref={variables.subjectRef}
            label="Subject"
            lang={language}
            maxLength={TEMPLATE_SUBJECT_MAX}
            value={subject}
            onFocus={variables.onFocus('subject')}
            onChange={(changed) => edit(setSubject)(changed.currentTarget.value)}
            error={errors.subject}
            disabled={busy}
          />
        ) : null}
        <Textarea
          ref={variables.bodyRef}
          label="Text"
          withAsterisk
          lang={language}
          autosize
          minRows={4}
          maxRows={12}
          maxLength={TEMPLATE_BODY_MAX}
          value={body}
          onFocus={variables.onFocus('body')}
          onChange={(changed) => edit(setBody)(changed.currentTarget.value)}
          error={errors.body ?? (unknown.length > 0 ? unknownVariablesText(unknown) : undefined)}
          disabled={busy}
        />
        <VariableChips variables={template.variables} onInsert={variables.insert} disabled={busy} />
        {channel === 'email' ? null : (
          <TextInput
            label={PROVIDER_FIELD[channel].label}
            description={PROVIDER_FIELD[channel].description}
            maxLength={PROVIDER_TEMPLATE_ID_MAX}
            value={providerId}
            onChange={(changed) => edit(setProviderId)(changed.currentTarget.value)}
            error={errors.provider_template_id}
            disabled={busy}
          />
        )}
        <TemplatePreview
          preview={preview.data}
          language={language}
          variables={template.variables}
          updating={preview.isFetching}
          failure={preview.isError ? errorMessage(preview.error, TEMPLATE_TEXTS.previewFailed) : null}
        />
        {refusal === null ? null : (
          <Alert color="red" data-testid="template-refusal">
            {refusal}
          </Alert>
        )}
        {askingReset ? (
          <ResetTemplateConfirm
            busy={busy}
            resetting={resetter.isPending}
            onKeep={() => setAskingReset(false)}
            onReset={() => void handleReset()}
          />
        ) : null}
        <Group justify="space-between" gap="xs">
          {template.customised ? (
            <Button
              variant="subtle"
              color="orange"
              onClick={() => setAskingReset(true)}
              disabled={busy || askingReset}
            >
              Reset to default
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={saver.isPending} disabled={resetter.isPending}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
};
