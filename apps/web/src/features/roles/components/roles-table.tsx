import { permissionCount, type TRole } from '@lending/domain';
import { Badge, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { ListTable } from '../../../components/list-table';
import { EditDeleteActions } from '../../../components/row-actions';
import { formatDate } from '../../../lib/format';
import { permissionLabel } from '../lib/roles';

const COLUMNS = ['Role Name', 'Description', 'Type', 'Status', 'Permissions', 'Created', 'Actions'] as const;

type TRolesTableProps = {
  roles: readonly TRole[];
  loading: boolean;
  onEdit: (role: TRole) => void;
  onDelete: (role: TRole) => void;
};

/** The roles with their type, status and what they may do; system roles cannot be deleted. */
export const RolesTable = ({ roles, loading, onEdit, onDelete }: TRolesTableProps) => (
  <ListTable
    columns={COLUMNS}
    minWidth={860}
    data-testid="roles-table"
    empty={loading ? 'Loading roles...' : roles.length === 0 ? 'No roles found' : null}
  >
    {roles.map((role) => (
      <Table.Tr key={role.id} data-testid={`role-row-${role.id}`}>
        <Table.Td fw={600}>{role.name}</Table.Td>
        <Table.Td>
          <Text size="sm" c={role.description ? undefined : 'dimmed'} lineClamp={2}>
            {role.description ?? '-'}
          </Text>
        </Table.Td>
        <Table.Td>
          <Badge variant="light" color={role.is_system_role ? 'blue' : 'grape'}>
            {role.is_system_role ? 'System' : 'Custom'}
          </Badge>
        </Table.Td>
        <Table.Td>
          <Badge color={role.isActive ? 'green' : 'gray'}>{role.isActive ? 'Active' : 'Inactive'}</Badge>
        </Table.Td>
        <Table.Td>
          <Tooltip
            multiline
            w={260}
            disabled={role.permissions.length === 0}
            label={role.permissions
              .map((entry) => `${permissionLabel(entry.resource)}: ${entry.actions.join(', ')}`)
              .join(' · ')}
          >
            <Text size="sm">{`${permissionCount(role.permissions)} permissions`}</Text>
          </Tooltip>
        </Table.Td>
        <Table.Td>{formatDate(role.created_at)}</Table.Td>
        <Table.Td>
          {/* System roles are built in: they may be edited, never deleted. */}
          <EditDeleteActions
            name={role.name}
            editIcon={<IconEdit size={16} />}
            onEdit={() => onEdit(role)}
            onDelete={role.is_system_role ? undefined : () => onDelete(role)}
          />
        </Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);
