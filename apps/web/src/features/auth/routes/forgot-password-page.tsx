import { type TForgotPasswordForm, ZForgotPasswordForm } from '@lending/domain';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { AuthCard } from '../../../components/auth-card';
import { useForgotPasswordMutation } from '../api/forgot-password';

const SENT_FALLBACK = 'If an account exists for that email, a password reset link has been sent.';

/** Forgot password (/forgot-password): asks the server to send a reset link. */
export const ForgotPasswordPage = () => {
  const form = useForm<TForgotPasswordForm>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(ZForgotPasswordForm, { sync: true }),
    validateInputOnBlur: true,
  });
  const request = useForgotPasswordMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

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
          {outcome === null ? null : (
            <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
              {outcome.message}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            Send Reset Link
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
