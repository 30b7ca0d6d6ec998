import type { TPermissionList, TRole, TRoleRequest } from '@lending/domain';
import { Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { LoadingOrFailed } from '../../../components/loading-or-failed';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { usePermissionCatalogue } from '../api/get-permission-catalogue';
import { roleMessages } from '../lib/roles';
import { PermissionMatrix } from './permission-matrix';

type TRoleFormModalProps = {
  /** The role being edited; null adds a new one. */
  role: TRole | null;
  opened: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (body: TRoleRequest) => void;
};

/** Add or edit a role: name, description, active, and the permission matrix. */
export const RoleFormModal = ({ role, opened, saving, onClose, onSave }: TRoleFormModalProps) => (
  <ResponsiveModal opened={opened} onClose={onClose} title={role ? 'Edit Role' : 'Add New Role'} size="xl">
    {/* Keyed by role so each opening starts from that role's values. */}
    {opened ? (
      <RoleForm key={role?.id ?? 'new'} role={role} saving={saving} onCancel={onClose} onSave={onSave} />
    ) : null}
  </ResponsiveModal>
);

type TRoleFormProps = Pick<TRoleFormModalProps, 'role' | 'saving' | 'onSave'> & { onCancel: () => void };

const RoleForm = ({ role, saving, onCancel, onSave }: TRoleFormProps) => {
  const catalogue = usePermissionCatalogue();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [isActive, setIsActive] = useState(role?.isActive ?? true);
  const [permissions, setPermissions] = useState<TPermissionList>(
    role?.permissions.map((entry) => ({ ...entry, actions: [...entry.actions] })) ?? [],
  );
  const [nameError, setNameError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameError(roleMessages.nameRequired);
      return;
    }
    onSave({
      name: name.trim(),
      description: description.trim() === '' ? null : description.trim(),
      isActive,
      permissions: permissions as TRoleRequest['permissions'],
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Role Name"
          withAsterisk
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          disabled={role?.is_system_role === true}
          description={role?.is_system_role ? 'The name of a system role is fixed' : undefined}
          maxLength={50}
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          maxLength={200}
          autosize
          minRows={2}
        />
        <Checkbox
          label="Active"
          checked={isActive}
          onChange={(event) => setIsActive(event.currentTarget.checked)}
        />
        <Text fw={600} size="sm">
          Permissions
        </Text>
        {catalogue.data ? (
          <PermissionMatrix
            resources={catalogue.data.resources}
            actions={catalogue.data.actions}
            value={permissions}
            onChange={setPermissions}
          />
        ) : (
          <LoadingOrFailed failed={catalogue.isError} message="Failed to load the permission list" />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {role ? 'Update' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
