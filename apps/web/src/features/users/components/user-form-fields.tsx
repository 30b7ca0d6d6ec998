import type { TManagedUser, TRoleName } from '@lending/domain';
import {
  Badge,
  Checkbox,
  Group,
  Input,
  PasswordInput,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { roleLabel } from '../../../lib/format';
import { selectableRoles, type TFormMode, type TUserFormValues } from '../lib/user-form';
import { ReferencePicker } from './reference-picker';

export const AGENT_ROLE_NOTE = 'User (Agents can only create customer accounts)';

export type TUserFormFieldsProps = {
  form: UseFormReturnType<TUserFormValues>;
  mode: TFormMode;
  actorIsAgent: boolean;
  user: TManagedUser | null;
  roles: readonly TRoleName[];
  onViewReference?: () => void;
};

const errorOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** Name, e-mail, password, role, active, mobile, reference and address. */
export const UserFormFields = ({
  form,
  mode,
  actorIsAgent,
  user,
  roles,
  onViewReference,
}: TUserFormFieldsProps) => {
  const readOnly = mode === 'view';
  const roleOptions = selectableRoles(roles, user).map((role) => ({
    value: String(role.id),
    label: roleLabel(role.name),
  }));
  const selectedRole = roles.find((role) => String(role.id) === form.values.role_id);
  // In view mode every field is read-only and looks filled; the asterisks go, nothing is asked.
  const viewable = { readOnly, variant: readOnly ? 'filled' : 'default' } as const;
  const required = { ...viewable, withAsterisk: !readOnly };

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput label="Name" {...required} autoComplete="off" {...form.getInputProps('name')} />
        <TextInput
          label="Email"
          type="email"
          {...required}
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        {actorIsAgent ? null : (
          <PasswordInput
            label={mode === 'edit' ? 'New Password (leave blank to keep current)' : 'Password'}
            withAsterisk={mode === 'create'}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
        )}
        {actorIsAgent ? (
          <Input.Wrapper label="Role">
            <Text size="sm" pt={6}>
              {AGENT_ROLE_NOTE}
            </Text>
          </Input.Wrapper>
        ) : (
          <div>
            <Select
              label="Role"
              placeholder="Select a role"
              withAsterisk
              data={roleOptions}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('role_id')}
              onChange={(value) => form.setFieldValue('role_id', value ?? '')}
            />
            {selectedRole === undefined ? null : (
              <Group gap={6} mt={6}>
                <Text size="xs" c="dimmed">
                  Selected:
                </Text>
                <Badge size="sm" variant="light">
                  {roleLabel(selectedRole.name)}
                </Badge>
              </Group>
            )}
          </div>
        )}
        <TextInput
          label="Mobile"
          type="tel"
          inputMode="numeric"
          maxLength={10}
          {...required}
          {...form.getInputProps('mobile')}
        />
        <ReferencePicker
          value={form.values.reference_customer_id}
          onChange={(value) => form.setFieldValue('reference_customer_id', value)}
          excludeId={user?.id ?? null}
          actorIsAgent={actorIsAgent}
          saved={user?.reference_customer ?? null}
          required={actorIsAgent && mode === 'create'}
          readOnly={readOnly}
          error={errorOf(form.errors.reference_customer_id)}
          onViewDetails={
            form.values.reference_customer_id === String(user?.reference_customer_id ?? '')
              ? onViewReference
              : undefined
          }
        />
      </SimpleGrid>
      {actorIsAgent ? null : (
        <Checkbox label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
      )}
      <Textarea label="Address" autosize minRows={2} {...viewable} {...form.getInputProps('address')} />
    </>
  );
};
