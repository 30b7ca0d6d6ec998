import { homePathFor, type TLoginForm } from '@lending/domain';
import { Alert, Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FocusEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/client';
import { AuthCard } from '../../../components/auth-card';
import { useStartSession } from '../../../lib/session';
import { useLoginMutation } from '../api/login';
import { EmailInput, useAuthForm } from '../components/auth-form-parts';
import { deferSchema } from '../lib/deferred-schema';

/** The sign-in schema arrives when the visitor first reaches a field, or on submit. */
const loginSchema = deferSchema(() => import('../lib/login-schema').then((module) => module.ZLoginForm));

/** Sign-in (/login and /admin/login) */
export const LoginPage = () => {
  const { t } = useTranslation('auth');
  const form = useAuthForm<TLoginForm>(loginSchema, { email: '', password: '' });
  const login = useLoginMutation();
  const startSession = useStartSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  // A field left before the schema arrived is checked again once it has.
  const fieldProps = (path: keyof TLoginForm) => {
    const props = form.getInputProps(path);
    return {
      ...props,
      onFocus: (event: FocusEvent<HTMLInputElement>) => {
        void loginSchema.load();
        props.onFocus?.(event);
      },
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        props.onBlur?.(event);
        if (loginSchema.current() === undefined) void loginSchema.load().then(() => form.validateField(path));
      },
    };
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const schema = await loginSchema.load();
    if (form.validate().hasErrors) return;
    setFailure(null);
    try {
      const { email, password } = schema.parse(form.getValues());
      const answer = await login.mutateAsync({ email, password });
      startSession(answer);
      notifications.show({ color: 'green', message: t('signIn.success') });
      await navigate(homePathFor(answer.user), { replace: true });
    } catch (error) {
      const message = errorMessage(error, t('signIn.failed'));
      setFailure(message);
      notifications.show({ color: 'red', message });
    }
  };

  return (
    <AuthCard title={t('signIn.title')} subtitle={t('signIn.subtitle')} testId="page-login">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {failure === null ? null : (
            <Alert color="red" role="alert" data-testid="login-error">
              {failure}
            </Alert>
          )}
          <EmailInput placeholder={t('emailPlaceholder')} key={form.key('email')} {...fieldProps('email')} />
          <PasswordInput
            label={t('password')}
            autoComplete="current-password"
            withAsterisk
            key={form.key('password')}
            {...fieldProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('signIn.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            {t('signIn.submit')}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/" size="sm">
              {t('signIn.backHome')}
            </Anchor>
            <Anchor component={Link} to="/register" size="sm">
              {t('signIn.createAccount')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
};
