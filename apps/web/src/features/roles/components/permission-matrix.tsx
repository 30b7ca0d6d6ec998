import { isGranted, type TPermissionList, togglePermission, toggleResource } from '@lending/domain';
import { Checkbox, Table } from '@mantine/core';
import { permissionLabel } from '../lib/roles';

type TPermissionMatrixProps = {
  resources: readonly string[];
  actions: readonly string[];
  value: TPermissionList;
  onChange: (next: TPermissionList) => void;
};

/** Resources down, actions across: one checkbox per grant, and a row box that fills or clears a resource. */
export const PermissionMatrix = ({ resources, actions, value, onChange }: TPermissionMatrixProps) => (
  <Table.ScrollContainer minWidth={480}>
    <Table striped withTableBorder verticalSpacing={4} data-testid="permission-matrix">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Resource</Table.Th>
          {actions.map((action) => (
            <Table.Th key={action} ta="center">
              {permissionLabel(action)}
            </Table.Th>
          ))}
          <Table.Th ta="center">All</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {resources.map((resource) => {
          const label = permissionLabel(resource);
          const held = actions.filter((action) => isGranted(value, resource, action)).length;
          return (
            <Table.Tr key={resource}>
              <Table.Td>{label}</Table.Td>
              {actions.map((action) => (
                <Table.Td key={action} ta="center">
                  <Checkbox
                    aria-label={`${label}: ${permissionLabel(action)}`}
                    checked={isGranted(value, resource, action)}
                    onChange={() => onChange(togglePermission(value, resource, action))}
                    styles={{ body: { justifyContent: 'center' } }}
                  />
                </Table.Td>
              ))}
              <Table.Td ta="center">
                <Checkbox
                  aria-label={`${label}: all actions`}
                  checked={held === actions.length}
                  indeterminate={held > 0 && held < actions.length}
                  onChange={() => onChange(toggleResource(value, resource, actions))}
                  styles={{ body: { justifyContent: 'center' } }}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
