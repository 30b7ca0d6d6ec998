import { messages, type TResetPasswordForm, ZResetPasswordForm } from '@lending/domain';
import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { AuthCard } from '../../../components/auth-card';
import { useResetPasswordMutation } from '../api/reset-password';
import {
  AuthFooterLink,
  AuthOutcomeAlert,
  NewPasswordPair,
  type TAuthOutcome,
  useAuthForm,
} from '../components/auth-form-parts';

const RESET_FALLBACK = 'Your password has been reset. You can now sign in.';

/** Reset password (/reset-password?token=…): sets a new password with the e-mailed token. */
export const ResetPasswordPage = () => {
  const [searchParams] = useSearchParams();
  const token = (searchParams.get('token') ?? '').trim();
  const form = useAuthForm<TResetPasswordForm>(ZResetPasswordForm, { newPassword: '', confirmPassword: '' });
  const reset = useResetPasswordMutation();
  const [outcome, setOutcome] = useState<TAuthOutcome | null>(null);

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
          <AuthFooterLink to="/forgot-password">Request a new reset link</AuthFooterLink>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password" testId="page-reset-password">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <AuthOutcomeAlert outcome={outcome} />
          <NewPasswordPair form={form} field="newPassword" label="New Password" />
          <Button type="submit" fullWidth loading={reset.isPending} disabled={outcome?.ok === true}>
            Reset Password
          </Button>
          <AuthFooterLink to="/login">Back to Login</AuthFooterLink>
        </Stack>
      </form>
    </AuthCard>
  );
};
