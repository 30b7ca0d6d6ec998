import { DOCUMENT_LABELS, type DocumentField, type TManagedUser } from '@lending/domain';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../api/client';
import { confirmAction } from '../../../components/confirm';
import { ImageGallery, type TGalleryImage } from '../../../components/image-gallery';
import { useDeleteAgentQrMutation } from '../api/delete-agent-qr';
import { useDeleteUserImageMutation } from '../api/delete-user-image';
import { userGalleryImages } from '../lib/user-form';

export const DELETE_IMAGE_FAILED = 'Failed to delete image';

type TUserGalleryProps = {
  user: TManagedUser | null;
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** Admins may delete documents; agents only look. */
  canDelete: boolean;
  /** The user as the server answers after a deletion. */
  onUserChange?: (user: TManagedUser) => void;
};

/** The lightbox over a user's documents, with 'Delete image' for admins. */
export const UserGallery = ({ user, index, onIndexChange, canDelete, onUserChange }: TUserGalleryProps) => {
  const deleteImage = useDeleteUserImageMutation();
  const deleteQr = useDeleteAgentQrMutation();
  const images = userGalleryImages(user);

  const handleDelete = async (image: TGalleryImage) => {
    if (user === null) return;
    const confirmed = await confirmAction({
      title: `Delete ${image.label}`,
      message: `Are you sure you want to delete the ${image.label}?`,
    });
    if (!confirmed) return;
    try {
      const answer =
        image.key === 'agent_qr_code'
          ? await deleteQr.mutateAsync(user.id)
          : await deleteImage.mutateAsync({ id: user.id, field: image.key as DocumentField });
      const label = DOCUMENT_LABELS[image.key as DocumentField] ?? image.label;
      notifications.show({ color: 'green', message: answer?.message ?? `${label} deleted successfully` });
      const remaining = images.length - 1;
      onIndexChange(remaining <= 0 ? null : Math.min(index ?? 0, remaining - 1));
      if (answer?.user !== undefined) onUserChange?.(answer.user);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, DELETE_IMAGE_FAILED) });
    }
  };

  return (
    <ImageGallery
      images={images}
      index={index}
      onIndexChange={onIndexChange}
      onDelete={canDelete ? handleDelete : undefined}
    />
  );
};
