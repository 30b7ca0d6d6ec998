import type { TManagedUser, TRoleName } from '@lending/domain';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { TFormMode } from '../lib/user-form';
import { ReferenceUserModal } from './reference-user-modal';
import { UserForm } from './user-form';
import { UserGallery } from './user-gallery';

/** What the modal shows: a new user, or an existing one (edited by admins, viewed by agents). */
export type TUserModalState = { kind: 'create' } | { kind: 'existing'; user: TManagedUser } | null;

type TUserFormModalProps = {
  state: TUserModalState;
  actorIsAgent: boolean;
  roles: readonly TRoleName[];
  onClose: () => void;
};

const titleOf = (mode: TFormMode, actorIsAgent: boolean) => {
  if (actorIsAgent) return mode === 'create' ? 'Add New Customer' : 'Customer Details';
  return mode === 'create' ? 'Add New User' : 'Edit User';
};

/** Add New User / Edit User (admins), Add New Customer / Customer Details (agents). */
export const UserFormModal = ({ state, actorIsAgent, roles, onClose }: TUserFormModalProps) => {
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const [showReference, setShowReference] = useState(false);
  // The user as last answered by the server (a deleted document disappears at once).
  const [latest, setLatest] = useState<TManagedUser | null>(null);
  const given = state?.kind === 'existing' ? state.user : null;
  const user = latest !== null && latest.id === given?.id ? latest : given;
  const mode: TFormMode =
    state === null || state.kind === 'create' ? 'create' : actorIsAgent ? 'view' : 'edit';
  const reference = user?.reference_customer ?? null;
  const nestedOpen = galleryIndex !== null || showReference;
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

  const handleClose = () => {
    setGalleryIndex(null);
    setShowReference(false);
    setLatest(null);
    onClose();
  };

  return (
    <>
      <Modal
        opened={state !== null}
        onClose={handleClose}
        title={titleOf(mode, actorIsAgent)}
        size="xl"
        fullScreen={phone}
        closeOnEscape={!nestedOpen}
        closeOnClickOutside={!nestedOpen}
        data-testid="user-form-modal"
      >
        {state === null ? null : (
          <UserForm
            key={user?.id ?? 'new'}
            mode={mode}
            actorIsAgent={actorIsAgent}
            user={user}
            roles={roles}
            onClose={handleClose}
            onViewImage={setGalleryIndex}
            onViewReference={
              reference !== null && user?.reference_customer_id === reference.id
                ? () => setShowReference(true)
                : undefined
            }
          />
        )}
      </Modal>
      <UserGallery
        user={user}
        index={galleryIndex}
        onIndexChange={setGalleryIndex}
        canDelete={!actorIsAgent}
        onUserChange={setLatest}
      />
      <ReferenceUserModal
        reference={showReference ? reference : null}
        onClose={() => setShowReference(false)}
      />
    </>
  );
};
