import { formStatusFor, type TUpdateStatusRecord, type UpdateStatus, updateMessages } from '@lending/domain';
import { Button, Grid, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { STATUS_OPTIONS } from '../lib/labels';

export type TUpdateForm = {
  required_version: string;
  current_version: string;
  status: UpdateStatus;
  comments: string;
};

type TProps = {
  loaded: TUpdateStatusRecord | undefined;
  busy: boolean;
  onSubmit: (form: TUpdateForm) => void;
};

/**
 * Required version, current version, status, comments. Status defaults to required; a loaded
 * in_progress, permitted or required status is pre-selected, and the loaded versions fill the fields.
 */
export const UpdateStatusForm = ({ loaded, busy, onSubmit }: TProps) => {
  const [form, setForm] = useState<TUpdateForm>({
    required_version: '',
    current_version: '',
    status: 'required',
    comments: '',
  });
  const [error, setError] = useState<string | null>(null);
  const loadedId = loaded?.id;
  // Filled once per loaded record, so typing is never overwritten by a refetch of the same one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the record's id on purpose
  useEffect(() => {
    if (loaded === undefined) return;
    setForm({
      required_version: loaded.required_version ?? '',
      current_version: loaded.current_version ?? '',
      status: formStatusFor(loaded.status),
      comments: '',
    });
  }, [loadedId]);

  const set = <K extends keyof TUpdateForm>(key: K, value: TUpdateForm[K]) =>
    setForm((previous) => ({ ...previous, [key]: value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.required_version.trim() === '') return setError(updateMessages.requiredVersionRequired);
    setError(null);
    onSubmit(form);
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="update-status-form">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text fw={600}>Set Update Status</Text>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Required Version"
                required
                value={form.required_version}
                error={error}
                onChange={(event) => set('required_version', event.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="Current Version"
                value={form.current_version}
                onChange={(event) => set('current_version', event.currentTarget.value)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Select
                label="Status"
                required
                allowDeselect={false}
                data={STATUS_OPTIONS}
                value={form.status}
                onChange={(value) => set('status', (value ?? 'required') as UpdateStatus)}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea
                label="Comments"
                autosize
                minRows={2}
                value={form.comments}
                onChange={(event) => set('comments', event.currentTarget.value)}
              />
            </Grid.Col>
          </Grid>
          <Button type="submit" loading={busy} w="fit-content">
            Update Status
          </Button>
        </Stack>
      </form>
    </Paper>
  );
};
