import { type TForgotPasswordForm, ZForgotPasswordForm } from '@lending/domain';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { AuthCard } from '../../../components/auth-card';
import { useForgotPasswordMutation } from '../api/forgot-password';
import {
  AuthFooterLink,
  AuthOutcomeAlert,
  EmailInput,
  type TAuthOutcome,
  useAuthForm,
} from '../components/auth-form-parts';

const SENT_FALLBACK = 'If an account exists for that email, a password reset link has been sent.';

/** Forgot password (/forgot-password): asks the server to send a reset link. */
export const ForgotPasswordPage = () => {
  const form = useAuthForm<TForgotPasswordForm>(ZForgotPasswordForm, { email: '' });
  const request = useForgotPasswordMutation();
  const [outcome, setOutcome] = useState<TAuthOutcome | null>(null);

  const handleSubmit = form.onSubmit(async (values) => {
    setOutcome(null);
    try {
      const answer = await request.mutateAsync(ZForgotPasswordForm.parse(values));
      setOutcome({ ok: true, message: answer?.message ?? SENT_FALLBACK });
    } catch (error) {
      setOutcome({
        ok: false,
        message: errorMessage(error, 'Could not send the reset link. Please try again.'),
      });
    }
  });

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="We will e-mail you a link to set a new password"
      testId="page-forgot-password"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <AuthOutcomeAlert outcome={outcome} />
          <EmailInput key={form.key('email')} {...form.getInputProps('email')} />
          <Button type="submit" fullWidth loading={request.isPending}>
            Send Reset Link
          </Button>
          <AuthFooterLink to="/login">Back to Login</AuthFooterLink>
        </Stack>
      </form>
    </AuthCard>
  );
};
