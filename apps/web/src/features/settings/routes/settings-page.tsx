import { Button, Group, Paper, Stack, Tabs, useMantineColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/session';
import { SettingsPanel } from '../components/settings-panel';
import { SettingsPassword } from '../components/settings-password';
import { loadLocalSettings, saveLocalSettings } from '../lib/local-settings';
import { SETTINGS_FIELDS } from '../lib/settings-fields';
import {
  SETTINGS_TABS,
  settingsMessages,
  type TLocalSettings,
  type TSettingsTab,
  ZLocalSettings,
} from '../lib/settings-options';

/** Settings (/admin/settings, /agent/settings): this device's preferences, saved in the browser. */
export const SettingsPage = () => {
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;
  const [tab, setTab] = useState<TSettingsTab>('Account');
  const [values, setValues] = useState<TLocalSettings>(() => loadLocalSettings(userId));
  const { setColorScheme } = useMantineColorScheme();

  // Parsed again so that a value outside the field's options can never reach storage.
  const handleChange = (key: keyof TLocalSettings, value: string | number | boolean) =>
    setValues((current) => ZLocalSettings.parse({ ...current, [key]: value }));

  const handleSave = () => {
    try {
      saveLocalSettings(userId, values);
      setColorScheme(values.theme);
      notifications.show({ color: 'green', message: settingsMessages.saved(tab) });
    } catch {
      notifications.show({ color: 'red', message: settingsMessages.saveFailed });
    }
  };

  return (
    <Stack gap="md" data-testid="page-settings">
      <PageTitle testId="settings-title" title="Settings" subtitle="Preferences kept on this device" />
      <Paper withBorder p="md" radius="md">
        <Tabs
          value={tab}
          onChange={(next) => setTab((next ?? 'Account') as TSettingsTab)}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {SETTINGS_TABS.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {SETTINGS_TABS.map((name) => (
            <Tabs.Panel key={name} value={name}>
              <Stack gap="lg">
                <SettingsPanel fields={SETTINGS_FIELDS[name]} values={values} onChange={handleChange} />
                {name === 'Security' ? <SettingsPassword /> : null}
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group justify="flex-end" mt="lg">
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={handleSave}>
            Save Settings
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
};
