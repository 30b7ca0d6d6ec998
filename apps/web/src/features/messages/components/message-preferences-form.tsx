import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  MESSAGE_LANGUAGES,
  type TMessageChannel,
  type TMessageLanguage,
  type TMessagePreferences,
} from '@lending/domain';
import { Button, Card, Checkbox, Group, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useMessagePreferences } from '../api/get-preferences';
import { useSaveMessagePreferences } from '../api/save-preferences';
import { LANGUAGE_CHOICES } from '../lib/message-format';

export const PREFERENCES_TEXTS = {
  loadFailed: 'Failed to load your message preferences',
  saveFailed: 'Failed to save your message preferences',
} as const;

const LANGUAGE_OPTIONS = MESSAGE_LANGUAGES.map((value) => ({ value, label: LANGUAGE_CHOICES[value] }));

const PreferencesForm = ({ saved }: { saved: TMessagePreferences }) => {
  const [channels, setChannels] = useState<TMessageChannel[]>(saved.channels);
  const [language, setLanguage] = useState<TMessageLanguage>(saved.language);
  const [optedOut, setOptedOut] = useState(saved.opted_out);
  const saver = useSaveMessagePreferences();
  const stopNoteId = useId();

  const handleSave = async (submitted: React.FormEvent) => {
    submitted.preventDefault();
    try {
      const answer = await saver.mutateAsync({ channels, language, opted_out: optedOut });
      notifications.show({ color: 'green', message: answer.message });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, PREFERENCES_TEXTS.saveFailed) });
    }
  };

  return (
    <form onSubmit={(submitted) => void handleSave(submitted)} noValidate>
      <Stack gap="sm">
        <Checkbox.Group
          label="Send me messages by"
          value={channels}
          onChange={(value) => setChannels(MESSAGE_CHANNELS.filter((channel) => value.includes(channel)))}
        >
          <Group gap="md" mt={4}>
            {MESSAGE_CHANNELS.map((channel) => (
              <Checkbox
                key={channel}
                value={channel}
                label={MESSAGE_CHANNEL_LABELS[channel]}
                disabled={optedOut}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label="Language"
          data={LANGUAGE_OPTIONS}
          value={language}
          allowDeselect={false}
          disabled={optedOut}
          onChange={(value) => setLanguage(value === 'hi' ? 'hi' : 'en')}
          maw={240}
        />
        <div>
          {/* The explanation stays outside the switch's label, so the switch is named by its label alone. */}
          <Switch
            label="Stop all messages"
            aria-describedby={stopNoteId}
            checked={optedOut}
            onChange={(changed) => setOptedOut(changed.currentTarget.checked)}
          />
          <Text id={stopNoteId} size="xs" c="dimmed" mt={4}>
            No reminder, receipt or notice is sent to you; messages waiting to be sent are cancelled
          </Text>
        </div>
        <Button type="submit" loading={saver.isPending} style={{ alignSelf: 'flex-start' }}>
          Save
        </Button>
      </Stack>
    </form>
  );
};

/** A borrower's message preferences on their profile: the channels, the language, and stopping them all. */
export const MessagePreferencesForm = () => {
  const preferences = useMessagePreferences();
  return (
    <Card withBorder padding="lg" data-testid="message-preferences">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Messages
        </Title>
        {preferences.data !== undefined ? (
          <PreferencesForm saved={preferences.data} />
        ) : (
          <Text size="sm" c={preferences.isError ? 'red' : 'dimmed'}>
            {preferences.isError ? errorMessage(preferences.error, PREFERENCES_TEXTS.loadFailed) : 'Loading…'}
          </Text>
        )}
      </Stack>
    </Card>
  );
};
