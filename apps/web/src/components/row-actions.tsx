import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type TEditDeleteActionsProps = {
  /** What the row is called, read out as "Edit …" / "Delete …". */
  name: string;
  onEdit: () => void;
  /** Left out where the row may not be deleted: no delete button then. */
  onDelete?: () => void;
  editIcon?: ReactNode;
};

/** A table row's Actions cell content: the edit and (red) delete icon buttons. */
export const EditDeleteActions = ({
  name,
  onEdit,
  onDelete,
  editIcon = <IconPencil size={16} />,
}: TEditDeleteActionsProps) => (
  <Group gap={4} wrap="nowrap">
    <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
      {editIcon}
    </ActionIcon>
    {onDelete === undefined ? null : (
      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
        <IconTrash size={16} />
      </ActionIcon>
    )}
  </Group>
);
