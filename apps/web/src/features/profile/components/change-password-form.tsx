import { type TProfilePasswordForm, ZProfilePasswordForm } from '@lending/domain';
import { Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../api/client';
import { useChangePasswordMutation } from '../api/change-password';
import { profileMessages } from '../lib/profile-form';

const PASSWORD_FIELDS: readonly { field: keyof TProfilePasswordForm; label: string; autoComplete: string }[] =
  [
    { field: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
    { field: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
    { field: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
  ];

/** Change password: the new one twice, at least 6 characters; submit disabled while a field is empty. */
export const ChangePasswordForm = () => {
  const form = useForm<TProfilePasswordForm>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(ZProfilePasswordForm, { sync: true }),
  });
  const change = useChangePasswordMutation();
  const { currentPassword, newPassword, confirmPassword } = form.values;
  const incomplete = currentPassword === '' || newPassword === '' || confirmPassword === '';

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      notifications.show({ color: 'green', message: profileMessages.passwordChanged });
      form.reset();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, profileMessages.passwordFailed) });
    }
  });

  return (
    <Card withBorder padding="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            Change Password
          </Title>
          {PASSWORD_FIELDS.map(({ field, label, autoComplete }) => (
            <PasswordInput
              key={field}
              label={label}
              autoComplete={autoComplete}
              {...form.getInputProps(field)}
            />
          ))}
          <Button
            type="submit"
            disabled={incomplete}
            loading={change.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            Change Password
          </Button>
        </Stack>
      </form>
    </Card>
  );
};
