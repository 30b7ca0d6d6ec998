import { DOCUMENT_LABELS, type DocumentField, homePathFor, ZRegisterForm } from '@lending/domain';
import { Button, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { errorMessage, isApiError } from '../../../api/client';
import { AuthCard } from '../../../components/auth-card';
import { FullPageLoader } from '../../../components/full-page-loader';
import { useCurrentUser, useStartSession } from '../../../lib/session';
import { useRegisterMutation } from '../api/register';
import { AuthFooterLink, EmailInput, NewPasswordPair, useAuthForm } from '../components/auth-form-parts';
import { ReferenceCustomerPicker } from '../components/reference-customer-picker';
import { RegistrationFileField } from '../components/registration-file-field';
import {
  checkFilesForSubmit,
  checkPickedFile,
  EMPTY_REGISTRATION_FILES,
  isDocumentField,
  type TFileErrors,
  type TRegistrationFiles,
} from '../lib/registration-files';

export const REGISTRATION_FAILED = 'Registration failed. Please try again.';
export const REGISTRATION_SUCCESS = 'Registration successful';

type TRegisterValues = {
  name: string;
  email: string;
  mobile: string;
  address: string;
  password: string;
  confirmPassword: string;
  reference_customer_id: string;
};

const TEXT_FIELDS: readonly string[] = [
  'name',
  'email',
  'mobile',
  'address',
  'password',
  'confirmPassword',
  'reference_customer_id',
];

const FILE_HINTS: Record<DocumentField, string> = {
  profile_pic: 'Any image, up to 2MB',
  adhaar_card: 'JPG or PNG, up to 2MB',
  voter_card: 'JPG or PNG, up to 2MB',
  pan_card: 'JPG or PNG, up to 2MB',
  bank_check: 'Image or PDF, up to 2MB',
};

const FILE_ORDER: readonly DocumentField[] = [
  'profile_pic',
  'adhaar_card',
  'voter_card',
  'pan_card',
  'bank_check',
];

/** Registration (/register and /admin/register). Always creates role 'user'. */
export const RegisterPage = () => {
  const { user, isLoading } = useCurrentUser();
  const form = useAuthForm<TRegisterValues>(ZRegisterForm, {
    name: '',
    email: '',
    mobile: '',
    address: '',
    password: '',
    confirmPassword: '',
    reference_customer_id: '',
  });
  const [files, setFiles] = useState<TRegistrationFiles>(EMPTY_REGISTRATION_FILES);
  const [fileErrors, setFileErrors] = useState<TFileErrors>({});
  const register = useRegisterMutation();
  const startSession = useStartSession();
  const navigate = useNavigate();

  const handleFileChange = async (field: DocumentField, file: File | null) => {
    setFiles((current) => ({ ...current, [field]: file }));
    const message = file === null ? null : await checkPickedFile(field, file);
    setFileErrors((current) => ({ ...current, [field]: message ?? undefined }));
  };

  const showServerErrors = (errors: { param: string; msg: string }[]): boolean => {
    const fieldErrors: Record<string, string> = {};
    const documentErrors: TFileErrors = {};
    for (const { param, msg } of errors) {
      if (isDocumentField(param)) documentErrors[param] = msg;
      else if (TEXT_FIELDS.includes(param)) fieldErrors[param] = msg;
    }
    form.setErrors(fieldErrors);
    setFileErrors(documentErrors);
    return Object.keys(fieldErrors).length + Object.keys(documentErrors).length > 0;
  };

  const handleSubmit = form.onSubmit(async (values) => {
    const refused = await checkFilesForSubmit(files);
    setFileErrors(refused);
    if (Object.keys(refused).length > 0) return;

    const parsed = ZRegisterForm.parse(values);
    const body = new FormData();
    body.append('name', parsed.name);
    body.append('email', parsed.email);
    body.append('mobile', parsed.mobile);
    body.append('address', parsed.address);
    body.append('password', parsed.password);
    body.append('confirmPassword', parsed.confirmPassword);
    if (parsed.reference_customer_id !== undefined) {
      body.append('reference_customer_id', String(parsed.reference_customer_id));
    }
    for (const field of FILE_ORDER) {
      const file = files[field];
      if (file !== null) body.append(field, file);
    }

    try {
      const answer = await register.mutateAsync(body);
      startSession(answer);
      notifications.show({ color: 'green', message: REGISTRATION_SUCCESS });
      await navigate(homePathFor(answer.user), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.errors.length > 0 && showServerErrors(error.errors)) return;
      notifications.show({ color: 'red', message: errorMessage(error, REGISTRATION_FAILED) });
    }
  });

  if (isLoading) return <FullPageLoader />;
  if (user !== null && !register.isPending && !register.isSuccess)
    return <Navigate to="/dashboard" replace />;

  return (
    <AuthCard title="Create Account" subtitle="Join us today" testId="page-register" width={720}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Full Name"
              autoComplete="name"
              withAsterisk
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <EmailInput key={form.key('email')} {...form.getInputProps('email')} />
            <TextInput
              label="Mobile Number"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={10}
              withAsterisk
              key={form.key('mobile')}
              {...form.getInputProps('mobile')}
            />
            <ReferenceCustomerPicker
              onChange={(value) => form.setFieldValue('reference_customer_id', value)}
              error={
                typeof form.errors.reference_customer_id === 'string'
                  ? form.errors.reference_customer_id
                  : null
              }
            />
          </SimpleGrid>
          <Textarea
            label="Address"
            autoComplete="street-address"
            autosize
            minRows={2}
            withAsterisk
            key={form.key('address')}
            {...form.getInputProps('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {FILE_ORDER.map((field) => (
              <RegistrationFileField
                key={field}
                field={field}
                label={DOCUMENT_LABELS[field]}
                description={FILE_HINTS[field]}
                value={files[field]}
                error={fileErrors[field] ?? null}
                onChange={(name, file) => void handleFileChange(name, file)}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NewPasswordPair form={form} field="password" label="Password" />
          </SimpleGrid>
          <Button type="submit" fullWidth loading={register.isPending}>
            Create Account
          </Button>
          <AuthFooterLink to="/login">Already have an account? Login</AuthFooterLink>
        </Stack>
      </form>
    </AuthCard>
  );
};
