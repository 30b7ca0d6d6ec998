import type { TManagedUser } from '@lending/domain';
import { Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';

type TAdminActionsProps = {
  user: TManagedUser;
  /** Location is for superadmins only. */
  canSeeLocation: boolean;
  /** Nobody deletes their own account. */
  isSelf: boolean;
  onEdit: (user: TManagedUser) => void;
  onLocation: (user: TManagedUser) => void;
  onDelete: (user: TManagedUser) => void;
};

/** An admin's row actions: Edit, Location (superadmin), Delete. */
export const AdminActions = ({
  user,
  canSeeLocation,
  isSelf,
  onEdit,
  onLocation,
  onDelete,
}: TAdminActionsProps) => (
  <>
    <Button size="compact-sm" variant="light" onClick={() => onEdit(user)} aria-label={`Edit ${user.name}`}>
      Edit
    </Button>
    {canSeeLocation ? (
      <Button
        size="compact-sm"
        variant="light"
        color="teal"
        onClick={() => onLocation(user)}
        aria-label={`Location of ${user.name}`}
      >
        Location
      </Button>
    ) : null}
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      onClick={() => onDelete(user)}
      disabled={isSelf}
      title={isSelf ? 'You cannot delete your own account' : undefined}
      aria-label={`Delete ${user.name}`}
    >
      Delete
    </Button>
  </>
);

/** An agent's row action: View Details. */
export const AgentActions = ({
  user,
  onView,
}: {
  user: TManagedUser;
  onView: (user: TManagedUser) => void;
}) => (
  <Button
    size="compact-sm"
    variant="light"
    leftSection={<IconEye size={14} />}
    onClick={() => onView(user)}
    aria-label={`View details of ${user.name}`}
  >
    View Details
  </Button>
);
