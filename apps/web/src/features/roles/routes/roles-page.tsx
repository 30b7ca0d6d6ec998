import type { TRole, TRoleRequest } from '@lending/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { confirmAction } from '../../../components/confirm';
import { PageTitle } from '../../../components/page-title';
import { StatCards } from '../../../components/stat-cards';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useCreateRole } from '../api/create-role';
import { useDeleteRole } from '../api/delete-role';
import { useRoleList } from '../api/list-roles';
import { useUpdateRole } from '../api/update-role';
import { RoleFormModal } from '../components/role-form-modal';
import { RolesTable } from '../components/roles-table';
import { roleMessages, roleStats } from '../lib/roles';

const toast = (color: 'red' | 'green', message: string) => notifications.show({ color, message });

/** Role Management (/admin/roles, superadmin): cards, the roles, and the add/edit dialog. */
export const RolesPage = () => {
  const roles = useRoleList();
  const creating = useCreateRole();
  const updating = useUpdateRole();
  const deleting = useDeleteRole();
  // undefined: dialog closed; null: adding; a role: editing it.
  const [editing, setEditing] = useState<TRole | null | undefined>(undefined);

  useQueryFailure(roles, () => toast('red', roleMessages.fetchFailed));

  const list = roles.data ?? [];
  const stats = roleStats(list);

  const handleSave = async (body: TRoleRequest) => {
    try {
      if (editing) {
        await updating.mutateAsync({ id: editing.id, body });
        toast('green', roleMessages.updated);
      } else {
        await creating.mutateAsync(body);
        toast('green', roleMessages.created);
      }
      setEditing(undefined);
    } catch (error) {
      toast('red', errorMessage(error, roleMessages.saveFailed));
    }
  };

  const handleDelete = async (role: TRole) => {
    const confirmed = await confirmAction({ title: 'Delete Role', message: roleMessages.confirmDelete });
    if (!confirmed) return;
    try {
      await deleting.mutateAsync(role.id);
      toast('green', roleMessages.deleted);
    } catch (error) {
      toast('red', errorMessage(error, roleMessages.deleteFailed));
    }
  };

  return (
    <Stack gap="md" data-testid="page-roles">
      <Group justify="space-between" align="center">
        <div>
          <PageTitle testId="roles-title" title="Role Management" />
          <Text size="sm" c="dimmed">
            Who may do what: each role grants actions on resources.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          Add Role
        </Button>
      </Group>
      <StatCards
        testIdPrefix="role-stat"
        span={{ base: 6, md: 3 }}
        cards={[
          { id: 'total', label: 'Total Roles', value: stats.total },
          { id: 'active', label: 'Active Roles', value: stats.active, color: 'green' },
          { id: 'system', label: 'System Roles', value: stats.system, color: 'blue' },
          { id: 'custom', label: 'Custom Roles', value: stats.custom, color: 'grape' },
        ]}
      />
      <RolesTable
        roles={list}
        loading={roles.isPending}
        onEdit={(role) => setEditing(role)}
        onDelete={(role) => void handleDelete(role)}
      />
      <RoleFormModal
        opened={editing !== undefined}
        role={editing ?? null}
        saving={creating.isPending || updating.isPending}
        onClose={() => setEditing(undefined)}
        onSave={(body) => void handleSave(body)}
      />
    </Stack>
  );
};
