import {
  checkUserFileOnSave,
  type DocumentField,
  type TProfileForm,
  type TPublicUser,
  userFormMessages,
  ZProfileForm,
} from '@lending/domain';
import { Button, Card, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../api/client';
import { ImageGallery, type TGalleryImage } from '../../../components/image-gallery';
import { readFileType } from '../../../lib/file-type';
import { usePickedFiles } from '../../../lib/use-picked-files';
import { useUpdateProfileMutation } from '../api/update-profile';
import { currentPosition, geolocationMessages, geolocationSupported } from '../lib/geolocation';
import {
  buildProfileFormData,
  EMPTY_PROFILE_FILES,
  PROFILE_DOCUMENTS,
  profileFormValues,
  profileGalleryImages,
  profileMessages,
  type TProfileFileErrors,
} from '../lib/profile-form';
import { useRemoveDocument } from '../lib/use-remove-document';
import { LocationFields } from './location-fields';
import { ProfileDocuments } from './profile-documents';

const FORM_FIELDS: readonly string[] = ['name', 'address', 'latitude', 'longitude', 'email', 'mobile'];
const LOCATING_ID = 'profile-locating';

/** Personal information, location and identity documents, saved together. */
export const ProfileDetailsForm = ({ user }: { user: TPublicUser }) => {
  const form = useForm<TProfileForm>({
    initialValues: profileFormValues(user),
    validate: schemaResolver(ZProfileForm, { sync: true }),
    validateInputOnBlur: true,
  });
  const { files, setFiles, fileErrors, setFileErrors, handleFileChange } =
    usePickedFiles(EMPTY_PROFILE_FILES);
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const [locating, setLocating] = useState(false);
  const update = useUpdateProfileMutation();
  const removeDocument = useRemoveDocument();
  const gallery = profileGalleryImages(user);

  const showError = (error: unknown) => {
    const fieldErrors: Record<string, string> = {};
    for (const { param, msg } of isApiError(error) ? error.errors : [])
      if (FORM_FIELDS.includes(param)) fieldErrors[param] ??= msg;
    form.setErrors(fieldErrors);
    notifications.show({ color: 'red', message: errorMessage(error, profileMessages.updateFailed) });
  };

  const handleSubmit = async (values: TProfileForm) => {
    const refused: TProfileFileErrors = {};
    for (const field of PROFILE_DOCUMENTS) {
      const file = files[field];
      if (file === null) continue;
      const message = checkUserFileOnSave(field, { size: file.size, type: await readFileType(file) });
      if (message !== null) refused[field] = message;
    }
    setFileErrors(refused);
    if (Object.keys(refused).length > 0) return;
    try {
      await update.mutateAsync(buildProfileFormData(values, files));
      setFiles(EMPTY_PROFILE_FILES);
      form.resetDirty();
      notifications.show({ color: 'green', message: profileMessages.updated });
    } catch (error) {
      showError(error);
    }
  };

  const handleLocate = async () => {
    if (!geolocationSupported()) {
      notifications.show({ color: 'red', message: geolocationMessages.unsupported });
      return;
    }
    setLocating(true);
    notifications.show({
      id: LOCATING_ID,
      loading: true,
      autoClose: false,
      message: geolocationMessages.getting,
    });
    try {
      const position = await currentPosition();
      form.setFieldValue('latitude', String(position.latitude));
      form.setFieldValue('longitude', String(position.longitude));
      await update.mutateAsync({
        latitude: position.latitude,
        longitude: position.longitude,
        location_accuracy: position.accuracy,
        location_enabled: true,
      });
      notifications.update({
        id: LOCATING_ID,
        loading: false,
        autoClose: true,
        color: 'green',
        message: geolocationMessages.updated,
      });
    } catch (error) {
      const saving = isApiError(error);
      notifications.update({
        id: LOCATING_ID,
        loading: false,
        autoClose: true,
        color: 'red',
        message: saving ? errorMessage(error, profileMessages.updateFailed) : geolocationMessages.failed,
      });
    } finally {
      setLocating(false);
    }
  };

  const handleGalleryDelete = async (image: TGalleryImage) => {
    const removed = await removeDocument(image.key as DocumentField);
    if (removed)
      setGalleryIndex(gallery.length <= 1 ? null : Math.min(galleryIndex ?? 0, gallery.length - 2));
  };

  return (
    <form
      onSubmit={form.onSubmit((values) => void handleSubmit(values))}
      noValidate
      data-testid="profile-form"
    >
      <Stack gap="md">
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="h4">
              Personal Information
            </Title>
            <TextInput label="Full Name" withAsterisk autoComplete="name" {...form.getInputProps('name')} />
            <TextInput
              label="Email"
              value={user.email}
              readOnly
              variant="filled"
              description={userFormMessages.emailUnchangeable}
              error={form.errors.email}
            />
            <TextInput
              label="Mobile"
              value={user.mobile ?? ''}
              readOnly
              variant="filled"
              description={userFormMessages.mobileUnchangeable}
              error={form.errors.mobile}
            />
            <Textarea label="Address" autosize minRows={2} {...form.getInputProps('address')} />
          </Stack>
        </Card>
        <LocationFields form={form} onLocate={() => void handleLocate()} locating={locating} />
        <ProfileDocuments
          user={user}
          files={files}
          errors={fileErrors}
          onChange={(field, file) => void handleFileChange(field, file)}
          onView={setGalleryIndex}
          onRemove={(field) => void removeDocument(field)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending && !locating}>
            Save Changes
          </Button>
        </Group>
      </Stack>
      <ImageGallery
        images={gallery}
        index={galleryIndex}
        onIndexChange={setGalleryIndex}
        onDelete={handleGalleryDelete}
      />
    </form>
  );
};
