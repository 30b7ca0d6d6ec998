import { Button, Divider, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useChangePassword } from '../api/change-password';
import { settingsMessages, type TSettingsPasswordForm, ZSettingsPasswordForm } from '../lib/settings-options';

const EMPTY: TSettingsPasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The Security tab's password change; the server enforces the length rules and the current password. */
export const SettingsPassword = () => {
  const [values, setValues] = useState(EMPTY);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const change = useChangePassword();
  const set = (key: keyof TSettingsPasswordForm) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues({ ...values, [key]: event.currentTarget.value });
    setMismatch(null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = ZSettingsPasswordForm.safeParse(values);
    if (!checked.success) {
      setMismatch(checked.error.issues[0]?.message ?? settingsMessages.passwordsMismatch);
      return;
    }
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      notifications.show({ color: 'green', message: settingsMessages.passwordChanged });
      setValues(EMPTY);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, settingsMessages.passwordFailed) });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="sm" maw={560}>
        <Divider />
        <Text fw={600}>Password</Text>
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
        />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={mismatch}
        />
        <Button type="submit" variant="light" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
          Update Password
        </Button>
      </Stack>
    </form>
  );
};
