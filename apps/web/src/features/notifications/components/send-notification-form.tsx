import { SEND_NOTIFICATION_REQUIRED, ZSendNotificationRequest } from '@lending/domain';
import { Button, MultiSelect, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useRecipients } from '../api/list-recipients';
import { useSendNotification } from '../api/send-notification';

export const NOTIFICATION_SENT = 'Notification sent!';
export const NOTIFICATION_FAILED = 'Failed to send notification';
/** This page's toasts close after a second. */
const TOAST_MS = 1000;

const EMPTY = { subject: '', description: '', imageUrl: '', userIds: [] as string[] };

/** Send Notification: subject, description, an optional image URL and the users it goes to. */
export const SendNotificationForm = () => {
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const recipients = useRecipients();
  const send = useSendNotification();
  const options = (recipients.data ?? []).map((user) => ({
    value: String(user.id),
    label: `${user.name} (${user.email})`,
  }));
  const set = (field: keyof typeof EMPTY) => (value: string | string[]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The server's own contract decides, so the form refuses exactly what the server would.
    const parsed = ZSendNotificationRequest.safeParse({
      user_ids: values.userIds.map(Number),
      subject: values.subject,
      description: values.description,
      image_url: values.imageUrl,
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? SEND_NOTIFICATION_REQUIRED);
      return;
    }
    setProblem(null);
    try {
      await send.mutateAsync({ ...parsed.data, image_url: parsed.data.image_url ?? undefined });
      notifications.show({ color: 'green', message: NOTIFICATION_SENT, autoClose: TOAST_MS });
      setValues(EMPTY);
    } catch (error) {
      notifications.show({
        color: 'red',
        message: errorMessage(error, NOTIFICATION_FAILED),
        autoClose: TOAST_MS,
      });
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="send-notification-form">
        <Stack gap="sm">
          <TextInput
            label="Subject"
            required
            value={values.subject}
            onChange={(e) => set('subject')(e.currentTarget.value)}
          />
          <Textarea
            label="Description"
            required
            autosize
            minRows={3}
            value={values.description}
            onChange={(e) => set('description')(e.currentTarget.value)}
          />
          <TextInput
            label="Image URL"
            placeholder="https://…"
            value={values.imageUrl}
            onChange={(e) => set('imageUrl')(e.currentTarget.value)}
          />
          <MultiSelect
            label="Send to"
            placeholder="Select users"
            data={options}
            value={values.userIds}
            onChange={set('userIds')}
            searchable
            clearable
            nothingFoundMessage="No users"
          />
          {problem ? (
            <Text c="red" size="sm" role="alert">
              {problem}
            </Text>
          ) : null}
          <Button type="submit" disabled={send.isPending} style={{ alignSelf: 'flex-start' }}>
            {send.isPending ? 'Sending...' : 'Send Notification'}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
};
