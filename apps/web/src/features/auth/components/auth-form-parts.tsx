import {
  Alert,
  Anchor,
  PasswordInput,
  type PasswordInputProps,
  Text,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deferredResolver, type TDeferredSchema } from '../lib/deferred-schema';

type TFormSchema = Parameters<typeof schemaResolver>[0];

const isDeferred = (
  schema: TFormSchema | TDeferredSchema<TFormSchema>,
): schema is TDeferredSchema<TFormSchema> => 'load' in schema && typeof schema.load === 'function';

/**
 * The form of every auth screen: uncontrolled, checked by the domain's schema on submit and each
 * field on blur, so the screens and the API refuse with the same words. The schema may be deferred
 * (sign-in: see deferred-schema.ts).
 */
export const useAuthForm = <V extends Record<string, unknown>>(
  schema: TFormSchema | TDeferredSchema<TFormSchema>,
  initialValues: V,
) =>
  useForm<V>({
    mode: 'uncontrolled',
    initialValues,
    validate: isDeferred(schema) ? deferredResolver(schema) : schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });

/** What a request answered: the server's confirmation, or why it failed. */
export type TAuthOutcome = { ok: boolean; message: string };

export const AuthOutcomeAlert = ({ outcome }: { outcome: TAuthOutcome | null }) =>
  outcome === null ? null : (
    <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.message}
    </Alert>
  );

export const EmailInput = (props: TextInputProps) => {
  const { t } = useTranslation('auth');
  return <TextInput label={t('email')} type="email" autoComplete="email" withAsterisk {...props} />;
};

const NewPasswordInput = (props: PasswordInputProps) => (
  <PasswordInput autoComplete="new-password" withAsterisk {...props} />
);

type TNewPasswordPairProps<V extends { confirmPassword: string }> = {
  form: UseFormReturnType<V>;
  /** The new password's field; its confirmation is always `confirmPassword`. */
  field: keyof V & string;
  label: string;
};

/** A new password and the same typed again, as sign-up and reset ask for them. */
export const NewPasswordPair = <V extends { confirmPassword: string }>({
  form,
  field,
  label,
}: TNewPasswordPairProps<V>) => (
  <>
    <NewPasswordInput label={label} key={form.key(field)} {...form.getInputProps(field)} />
    <NewPasswordInput
      label="Confirm Password"
      key={form.key('confirmPassword')}
      {...form.getInputProps('confirmPassword')}
    />
  </>
);

/** The centred link under an auth form (back to sign-in, a new reset link). */
export const AuthFooterLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Text size="sm" ta="center">
    <Anchor component={Link} to={to}>
      {children}
    </Anchor>
  </Text>
);
