import { messages, type TResetPasswordForm, ZResetPasswordForm } from '@lending/domain';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { AuthCard } from '../../../components/auth-card';
import { useResetPasswordMutation } from '../api/reset-password';

const RESET_FALLBACK = 'Your password has been reset. You can now sign in.';

/** Reset password (/reset-password?token=…): sets a new password with the e-mailed token. */
export const ResetPasswordPage = () => {
  const [searchParams] = useSearchParams();
  const token = (searchParams.get('token') ?? '').trim();
  const form = useForm<TResetPasswordForm>({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: schemaResolver(ZResetPasswordForm, { sync: true }),
    validateInputOnBlur: true,
  });
  const reset = useResetPasswordMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  const handleSubmit = form.onSubmit(async ({ newPassword }) => {
    setOutcome(null);
    try {
      const answer = await reset.mutateAsync({ token, newPassword });
      setOutcome({ ok: true, message: answer?.message ?? RESET_FALLBACK });
      form.reset();
    } catch (error) {
      setOutcome({
        ok: false,
        message: errorMessage(error, 'Could not reset the password. Please try again.'),
      });
    }
  });

  if (token === '') {
    return (
      <AuthCard title="Reset Password" testId="page-reset-password">
        <Stack>
          <Alert color="red" role="alert">
            {messages.tokenRequired}
          </Alert>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/forgot-password">
              Request a new reset link
            </Anchor>
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password" testId="page-reset-password">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {outcome === null ? null : (
            <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.message}
            </Alert>
          )}
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            withAsterisk
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            withAsterisk
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={reset.isPending} disabled={outcome?.ok === true}>
            Reset Password
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Back to Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
};
