import { hasRole, type TManagedUser } from '@lending/domain';
import { Alert, Button, Center, EmptyState, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { confirmAction } from '../../../components/confirm';
import { SectionLoader } from '../../../components/loading-or-failed';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { SearchInput } from '../../../components/search-input';
import { roleLabel } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteUserMutation } from '../api/delete-user';
import { useRoles } from '../api/list-roles';
import { useUsersPages } from '../api/list-users';
import { useErrorToast } from '../lib/use-error-toast';
import { useNearBottom } from '../lib/use-near-bottom';
import { USERS_PAGE_SIZE, USERS_SEARCH_DEBOUNCE_MS } from '../lib/users-screen';
import { AdminActions } from './user-actions';
import { type TUserModalState, UserFormModal } from './user-form-modal';
import { UserGallery } from './user-gallery';
import { UserLocationModal } from './user-location-modal';
import { UsersTable } from './users-table';

export const usersListMessages = {
  fetchFailed: 'Failed to fetch users',
  rolesFailed: 'Failed to fetch roles',
  deleteConfirm: 'Are you sure you want to delete this user?',
  deleted: 'User deleted successfully',
  deleteFailed: 'Failed to delete user',
} as const;

/** Users Management (admins and superadmins) */
export const AdminUsers = () => {
  const { user: actor } = useCurrentUser();
  const isSuperadmin = hasRole(actor, 'superadmin');
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), USERS_SEARCH_DEBOUNCE_MS);
  // The role filter opens as the URL names it (`?role=agent`: the dashboard's Agent Users figure).
  const [urlParams] = useSearchParams();
  const [role, setRole] = useState(() => urlParams.get('role') ?? '');
  // A page chosen in the pager holds for the filter it was chosen under; a new filter starts at 1.
  const filterKey = `${search}\n${role}`;
  const [jump, setJump] = useState({ key: filterKey, page: 1 });
  const startPage = jump.key === filterKey ? jump.page : 1;
  const query = useUsersPages({ search, role }, startPage);
  const roles = useRoles();
  const deletion = useDeleteUserMutation();
  const [modal, setModal] = useState<TUserModalState>(null);
  const [located, setLocated] = useState<TManagedUser | null>(null);
  const [gallery, setGallery] = useState<{ userId: number; index: number } | null>(null);
  useErrorToast(query.errorUpdatedAt, query.isError, usersListMessages.fetchFailed);
  useErrorToast(roles.errorUpdatedAt, roles.isError, usersListMessages.rolesFailed);

  const pages = query.data?.pages ?? [];
  const params = query.data?.pageParams ?? [];
  const users = pages.flatMap((page) => page.users);
  const total = pages.at(-1)?.total ?? 0;
  const totalPages = pages.at(-1)?.totalPages ?? 0;
  const firstPage = Number(params[0] ?? startPage);
  const currentPage = Number(params.at(-1) ?? startPage);
  const from = users.length === 0 ? 0 : (firstPage - 1) * USERS_PAGE_SIZE + 1;
  const to = users.length === 0 ? 0 : from + users.length - 1;

  useNearBottom(() => {
    void query.fetchNextPage();
  }, query.hasNextPage && !query.isFetching);

  const handlePage = (page: number) => {
    setJump({ key: filterKey, page });
    window.scrollTo({ top: 0 });
  };

  const handleDelete = async (target: TManagedUser) => {
    const confirmed = await confirmAction({ title: 'Delete User', message: usersListMessages.deleteConfirm });
    if (!confirmed) return;
    try {
      await deletion.mutateAsync(target.id);
      notifications.show({ color: 'green', message: usersListMessages.deleted });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, usersListMessages.deleteFailed) });
    }
  };

  const addButton = <Button onClick={() => setModal({ kind: 'create' })}>+ Add User</Button>;
  const galleryUser = users.find((user) => user.id === gallery?.userId) ?? null;
  const empty = !query.isPending && !query.isFetching && !query.isError && total === 0;

  return (
    <Stack gap="md">
      <PageHeader testId="page-users" title="Users Management" align="flex-end">
        {addButton}
      </PageHeader>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput
          flex="1 1 240px"
          aria-label="Search users"
          placeholder="Search users by name or email..."
          value={searchText}
          onValueChange={setSearchText}
        />
        <Select
          w={{ base: '100%', xs: 200 }}
          aria-label="Filter by role"
          data={[
            { value: '', label: 'All Roles' },
            ...(roles.data ?? []).map((item) => ({ value: item.name, label: roleLabel(item.name) })),
          ]}
          value={role}
          onChange={(value) => setRole(value ?? '')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>

      {total > 0 ? (
        <Group justify="space-between" gap="xs">
          <Text fw={500}>{`${total} total users`}</Text>
          <Text c="dimmed" size="sm">{`Page ${currentPage} of ${totalPages}`}</Text>
        </Group>
      ) : null}

      {query.isError && users.length === 0 ? (
        <Alert color="red" title="Error">
          {errorMessage(query.error, usersListMessages.fetchFailed)}
        </Alert>
      ) : null}

      {query.isPending ? (
        <SectionLoader label="Loading users" />
      ) : empty ? (
        <EmptyState
          icon={<IconUsers size={32} />}
          title="No users found"
          description={
            search === '' && role === ''
              ? 'Add the first user to get started.'
              : 'Try another search or role.'
          }
        >
          <EmptyState.Actions>{addButton}</EmptyState.Actions>
        </EmptyState>
      ) : users.length > 0 ? (
        <UsersTable
          users={users}
          showRole
          onViewDocuments={(user) => setGallery({ userId: user.id, index: 0 })}
          renderActions={(user) => (
            <AdminActions
              user={user}
              canSeeLocation={isSuperadmin}
              isSelf={user.id === actor?.id}
              onEdit={(target) => setModal({ kind: 'existing', user: target })}
              onLocation={setLocated}
              onDelete={(target) => void handleDelete(target)}
            />
          )}
        />
      ) : null}

      {query.isFetchingNextPage ? (
        <Center>
          <Loader size="sm" aria-label="Loading more users" />
        </Center>
      ) : null}

      {total > 0 ? (
        <Stack gap="xs" align="center">
          <Pager page={currentPage} totalPages={totalPages} onChange={handlePage} />
          <Group gap="xs" justify="center">
            <Text size="sm" c="dimmed">{`Showing ${from} to ${to} of ${total} users`}</Text>
            <Text size="sm" c="dimmed" aria-hidden>
              ·
            </Text>
            <Text size="sm" c="dimmed">
              {query.hasNextPage ? 'More pages available' : 'All pages loaded'}
            </Text>
          </Group>
        </Stack>
      ) : null}

      <UserFormModal
        state={modal}
        actorIsAgent={false}
        roles={roles.data ?? []}
        onClose={() => setModal(null)}
      />
      <UserLocationModal user={located} onClose={() => setLocated(null)} />
      <UserGallery
        user={galleryUser}
        index={gallery?.index ?? null}
        onIndexChange={(index) =>
          setGallery(index === null || gallery === null ? null : { ...gallery, index })
        }
        canDelete
      />
    </Stack>
  );
};
