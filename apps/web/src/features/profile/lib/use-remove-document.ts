import { DOCUMENT_LABELS, type DocumentField } from '@lending/domain';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../api/client';
import { confirmAction } from '../../../components/confirm';
import { useUpdateProfileMutation } from '../api/update-profile';
import { profileMessages } from './profile-form';

/** Removes one of your documents after a confirmation: PUT /users/profile/me {field: null}. */
export const useRemoveDocument = () => {
  const update = useUpdateProfileMutation();
  return async (field: DocumentField): Promise<boolean> => {
    const label = DOCUMENT_LABELS[field];
    const confirmed = await confirmAction({
      title: `Delete ${label}`,
      message: `Are you sure you want to delete your ${label}?`,
    });
    if (!confirmed) return false;
    try {
      await update.mutateAsync({ [field]: null });
      notifications.show({ color: 'green', message: `${label} deleted successfully` });
      return true;
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, profileMessages.deleteFailed) });
      return false;
    }
  };
};
