import type { TManagedUser } from '@lending/domain';
import { Alert, Button, EmptyState, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { SectionLoader } from '../../../components/loading-or-failed';
import { PageHeader } from '../../../components/page-header';
import { SearchInput } from '../../../components/search-input';
import { useVisibleUsers } from '../api/list-visible-users';
import { useErrorToast } from '../lib/use-error-toast';
import { matchesUserSearch } from '../lib/users-screen';
import { usersListMessages } from './admin-users';
import { AgentActions } from './user-actions';
import { type TUserModalState, UserFormModal } from './user-form-modal';
import { UserGallery } from './user-gallery';
import { UsersTable } from './users-table';

export const AGENT_SUBTITLE =
  'View and manage customers you have registered. You can see their details and documents.';

/** My Customers (agents): the agent's own customers, filtered locally. */
export const AgentCustomers = () => {
  const query = useVisibleUsers();
  const [search, setSearch] = useState('');
  const [modal, setModal] = useState<TUserModalState>(null);
  const [gallery, setGallery] = useState<{ userId: number; index: number } | null>(null);
  useErrorToast(query.errorUpdatedAt, query.isError, usersListMessages.fetchFailed);

  const all = query.data ?? [];
  const shown = all.filter((user) => matchesUserSearch(user, search));
  const filtering = search.trim() !== '';
  const galleryUser = all.find((user) => user.id === gallery?.userId) ?? null;
  const addButton = <Button onClick={() => setModal({ kind: 'create' })}>+ Add Customer</Button>;
  const handleView = (user: TManagedUser) => setModal({ kind: 'existing', user });

  return (
    <Stack gap="md">
      <PageHeader testId="page-users" title="My Customers" subtitle={AGENT_SUBTITLE} align="flex-end">
        {addButton}
      </PageHeader>
      <SearchInput
        aria-label="Search customers"
        placeholder="Search customers by name or email..."
        value={search}
        onValueChange={setSearch}
      />

      {query.isPending ? (
        <SectionLoader label="Loading customers" keptOffline />
      ) : query.isError ? (
        <Alert color="red" title="Error">
          {errorMessage(query.error, usersListMessages.fetchFailed)}
        </Alert>
      ) : all.length === 0 ? (
        <EmptyState
          icon={<IconUsers size={32} />}
          title="No customers yet"
          description="Customers you register will appear here."
        >
          <EmptyState.Actions>{addButton}</EmptyState.Actions>
        </EmptyState>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {filtering
              ? `Showing ${shown.length} of ${all.length} customers`
              : `Total: ${all.length} customers`}
          </Text>
          {shown.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              No customers match your search
            </Text>
          ) : (
            <UsersTable
              users={shown}
              showRole={false}
              onViewDocuments={(user) => setGallery({ userId: user.id, index: 0 })}
              renderActions={(user) => <AgentActions user={user} onView={handleView} />}
            />
          )}
        </>
      )}

      <UserFormModal state={modal} actorIsAgent roles={[]} onClose={() => setModal(null)} />
      <UserGallery
        user={galleryUser}
        index={gallery?.index ?? null}
        onIndexChange={(index) =>
          setGallery(index === null || gallery === null ? null : { ...gallery, index })
        }
        canDelete={false}
      />
    </Stack>
  );
};
