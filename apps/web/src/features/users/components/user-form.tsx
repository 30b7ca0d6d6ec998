import { checkUserFileOnSave, type UserFileField, userFormErrors, userFormMessages } from '@lending/domain';
import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { errorMessage, isApiError } from '../../../api/client';
import { readFileType } from '../../../lib/file-type';
import { usePickedFiles } from '../../../lib/use-picked-files';
import { useCreateUserMutation } from '../api/create-user';
import { useSetAgentQrMutation } from '../api/set-agent-qr';
import { useUpdateUserMutation } from '../api/update-user';
import {
  buildUserFormData,
  EMPTY_USER_FILES,
  initialValues,
  isUserFileField,
  roleTakesQr,
  type TUserFileErrors,
  type TUserFormValues,
  USER_TEXT_FIELDS,
} from '../lib/user-form';
import { saveErrorField } from '../lib/users-screen';
import { UserFormDocuments } from './user-form-documents';
import { type TUserFormFieldsProps, UserFormFields } from './user-form-fields';

export const userSaveMessages = {
  created: 'User created successfully',
  updated: 'User updated successfully',
  failed: 'Failed to save user',
  qrAfterCreate: 'The QR code can only be uploaded after the user is created. Edit the user to upload it.',
  qrFailed: 'Failed to upload QR code',
} as const;

type TUserFormProps = Omit<TUserFormFieldsProps, 'form'> & {
  onClose: () => void;
  onViewImage: (index: number) => void;
};

/** The Add/Edit/Customer Details form: every field, rule and message */
export const UserForm = ({ onClose, onViewImage, ...fields }: TUserFormProps) => {
  const { mode, actorIsAgent, user, roles } = fields;
  const form = useForm<TUserFormValues>({
    initialValues: initialValues(user),
    validate: (values) =>
      userFormErrors(values, { mode: mode === 'create' ? 'create' : 'edit', actorIsAgent }),
    validateInputOnBlur: true,
  });
  const { files, fileErrors, setFileErrors, handleFileChange } = usePickedFiles(EMPTY_USER_FILES);
  const create = useCreateUserMutation();
  const update = useUpdateUserMutation();
  const setQr = useSetAgentQrMutation();
  const roleName = roles.find((role) => String(role.id) === form.values.role_id)?.name;
  const showQr = !actorIsAgent && roleTakesQr(roleName);

  const fixErrors = () => notifications.show({ color: 'red', message: userFormMessages.fixErrors });

  const showSaveError = (error: unknown) => {
    const message = errorMessage(error, userSaveMessages.failed);
    const fieldErrors: Record<string, string> = {};
    const documentErrors: TUserFileErrors = {};
    for (const { param, msg } of isApiError(error) ? error.errors : []) {
      if (isUserFileField(param)) documentErrors[param] ??= msg;
      else if (USER_TEXT_FIELDS.includes(param)) fieldErrors[param] ??= msg;
    }
    const placed = saveErrorField(message);
    if (placed !== null) fieldErrors[placed] ??= message;
    form.setErrors(fieldErrors);
    setFileErrors(documentErrors);
    notifications.show({ color: 'red', message });
  };

  const handleSubmit = async (values: TUserFormValues) => {
    const refused: TUserFileErrors = {};
    for (const [field, file] of Object.entries(files) as [UserFileField, File | null][]) {
      if (file === null || (field === 'agent_qr_code' && !showQr)) continue;
      const message = checkUserFileOnSave(field, { size: file.size, type: await readFileType(file) });
      if (message !== null) refused[field] = message;
    }
    setFileErrors(refused);
    if (Object.keys(refused).length > 0) {
      fixErrors();
      return;
    }
    const qrFile = showQr ? files.agent_qr_code : null;
    const saveMode = mode === 'create' ? 'create' : 'edit';
    const body = buildUserFormData(values, files, { mode: saveMode, actorIsAgent });
    try {
      if (user === null) {
        await create.mutateAsync(body);
        notifications.show({ color: 'green', message: userSaveMessages.created });
        if (qrFile !== null) notifications.show({ color: 'yellow', message: userSaveMessages.qrAfterCreate });
      } else {
        await update.mutateAsync({ id: user.id, form: body });
        notifications.show({ color: 'green', message: userSaveMessages.updated });
        if (qrFile !== null) {
          try {
            await setQr.mutateAsync({ id: user.id, file: qrFile });
          } catch (error) {
            notifications.show({ color: 'red', message: errorMessage(error, userSaveMessages.qrFailed) });
          }
        }
      }
      onClose();
    } catch (error) {
      showSaveError(error);
    }
  };

  const saving = create.isPending || update.isPending || setQr.isPending;

  return (
    <form onSubmit={form.onSubmit((values) => void handleSubmit(values), fixErrors)} noValidate>
      <Stack gap="md">
        <UserFormFields form={form} {...fields} />
        <UserFormDocuments
          user={user}
          files={files}
          errors={fileErrors}
          onChange={(field, file) => void handleFileChange(field, file)}
          onView={onViewImage}
          showQr={showQr}
          readOnly={mode === 'view'}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {mode === 'view' ? null : (
            <Button type="submit" loading={saving}>
              {mode === 'create' ? 'Create' : 'Update'}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
};
