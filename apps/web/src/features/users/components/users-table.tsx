import type { TManagedUser } from '@lending/domain';
import { Badge, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { roleLabel } from '../../../lib/format';
import { userGalleryImages } from '../lib/user-form';

type TUsersTableProps = {
  users: readonly TManagedUser[];
  /** The Role column (hidden for agents). */
  showRole: boolean;
  renderActions: (user: TManagedUser) => ReactNode;
  /** Opens the gallery over the user's documents (the avatar is the button). */
  onViewDocuments: (user: TManagedUser) => void;
};

const StatusBadge = ({ active }: { active: boolean }) => (
  <Badge
    color={active ? 'green' : 'red'}
    variant="light"
    style={{ flexShrink: 0 }}
    styles={{ label: { overflow: 'visible' } }}
  >
    {active ? 'Active' : 'Inactive'}
  </Badge>
);

const roleOf = (user: TManagedUser) => roleLabel(user.Role?.name ?? user.role);

/** The avatar (placeholder icon when absent or broken); a button when there are documents to view. */
const NameCell = ({ user, onView }: { user: TManagedUser; onView: () => void }) => {
  const avatar = <UserAvatar name={user.name} src={user.profile_pic} />;
  return (
    <Group gap="sm" wrap="nowrap">
      {userGalleryImages(user).length === 0 ? (
        avatar
      ) : (
        <UnstyledButton onClick={onView} aria-label={`View documents of ${user.name}`}>
          {avatar}
        </UnstyledButton>
      )}
      <Text fw={500} size="sm">
        {user.name}
      </Text>
    </Group>
  );
};

/** Users as a table (cards on phones): Name, Email, Role, Mobile, Status, Actions. */
export const UsersTable = ({ users, showRole, renderActions, onViewDocuments }: TUsersTableProps) => {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  if (phone) {
    return (
      <Stack gap="sm" data-testid="users-cards">
        {users.map((user) => (
          <Card key={user.id} withBorder padding="sm" data-testid={`user-row-${user.id}`}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <NameCell user={user} onView={() => onViewDocuments(user)} />
                <StatusBadge active={user.is_active} />
              </Group>
              <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {user.email}
              </Text>
              <Group gap="md">
                <Text size="sm">{user.mobile ? user.mobile : '-'}</Text>
                {showRole ? (
                  <Text size="sm" c="dimmed">
                    {roleOf(user)}
                  </Text>
                ) : null}
              </Group>
              <Group gap="xs">{renderActions(user)}</Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={showRole ? 880 : 640}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            {showRole ? <Table.Th>Role</Table.Th> : null}
            <Table.Th>Mobile</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid={`user-row-${user.id}`}>
              <Table.Td>
                <NameCell user={user} onView={() => onViewDocuments(user)} />
              </Table.Td>
              <Table.Td>{user.email}</Table.Td>
              {showRole ? <Table.Td>{roleOf(user)}</Table.Td> : null}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.mobile ? user.mobile : '-'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge active={user.is_active} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {renderActions(user)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
