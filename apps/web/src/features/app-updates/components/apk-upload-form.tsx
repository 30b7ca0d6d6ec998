import {
  APK_MIME_TYPE,
  appUpdateMessages,
  DEFAULT_APP_VERSION,
  mayPickAsApk,
  ZAppUpdateConfigRequest,
} from '@lending/domain';
import {
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Progress,
  Stack,
  Text,
  Textarea,
  TextInput,
  type TextInputProps,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../api/client';
import { useUpdateAppVersion } from '../api/update-app-version';
import { useUploadApk } from '../api/upload-apk';

type TFieldErrors = Partial<Record<'file' | 'version' | 'minVersion' | 'changelog', string>>;

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const uploadFailure = (error: unknown): string =>
  isApiError(error) && error.fromServer
    ? error.message
    : appUpdateMessages.uploadFailedBecause(error instanceof Error ? error.message : String(error));

/** An x.y.z version field (the APK's own, or the oldest still allowed). */
const VersionInput = ({
  onValueChange,
  ...props
}: Omit<TextInputProps, 'onChange' | 'placeholder'> & { onValueChange: (value: string) => void }) => (
  <TextInput placeholder="1.0.0" onChange={(event) => onValueChange(event.currentTarget.value)} {...props} />
);

/** Upload New APK and Update Version Only: one form, the file needed only for the upload. */
export const ApkUploadForm = () => {
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState(DEFAULT_APP_VERSION);
  const [minVersion, setMinVersion] = useState(DEFAULT_APP_VERSION);
  const [changelog, setChangelog] = useState('');
  const [forceUpdate, setForceUpdate] = useState(false);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadApk(({ percent }) => setProgress(percent));
  const update = useUpdateAppVersion();
  const busy = upload.isPending || update.isPending;

  const pick = (picked: File | null) => {
    if (picked !== null && !mayPickAsApk(picked.name, picked.type)) {
      setFile(null);
      setErrors((current) => ({ ...current, file: appUpdateMessages.invalidApk }));
      return;
    }
    setFile(picked);
    setErrors((current) => ({ ...current, file: undefined }));
  };

  /** The form's values checked by the API's own contract, or null with the problems shown. */
  const checked = () => {
    const parsed = ZAppUpdateConfigRequest.safeParse({
      version,
      minVersion,
      changelog: linesOf(changelog),
      forceUpdate,
    });
    if (parsed.success) return parsed.data;
    const found: TFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof TFieldErrors;
      found[field] ??= issue.message;
    }
    setErrors(found);
    return null;
  };

  const submitUpload = () => {
    if (file === null || version.trim() === '') {
      setErrors({ file: appUpdateMessages.fileAndVersionRequired });
      return;
    }
    const values = checked();
    if (values === null) return;
    setErrors({});
    setProgress(0);
    upload.mutate(
      { ...values, file },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: appUpdateMessages.uploaded });
          setFile(null);
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: appUpdateMessages.uploadFailed,
            message: uploadFailure(error),
          }),
        onSettled: () => setProgress(null),
      },
    );
  };

  const submitVersion = () => {
    const values = checked();
    if (values === null) return;
    setErrors({});
    update.mutate(values, {
      onSuccess: () => notifications.show({ color: 'green', message: appUpdateMessages.versionUpdated }),
      onError: () => notifications.show({ color: 'red', message: appUpdateMessages.versionUpdateFailed }),
    });
  };

  return (
    <Card withBorder>
      <Title order={2} fz="h3" mb="sm">
        Upload New APK
      </Title>
      <Stack gap="sm">
        <FileInput
          label="APK File"
          placeholder="Choose .apk file"
          name="apk"
          accept={`${APK_MIME_TYPE},.apk`}
          value={file}
          onChange={pick}
          error={errors.file}
          clearable
          disabled={busy}
          leftSection={<IconUpload size={16} />}
        />
        <Group grow align="flex-start">
          <VersionInput
            label="Version"
            value={version}
            onValueChange={setVersion}
            error={errors.version}
            disabled={busy}
            required
          />
          <VersionInput
            label="Minimum Version"
            value={minVersion}
            onValueChange={setMinVersion}
            error={errors.minVersion}
            disabled={busy}
          />
        </Group>
        <Textarea
          label="Changelog"
          description="One change per line"
          autosize
          minRows={3}
          value={changelog}
          onChange={(event) => setChangelog(event.currentTarget.value)}
          error={errors.changelog}
          disabled={busy}
        />
        <Checkbox
          label="Force Update"
          checked={forceUpdate}
          onChange={(event) => setForceUpdate(event.currentTarget.checked)}
          disabled={busy}
        />
        {progress === null ? null : (
          <Stack gap={4}>
            <Text size="sm">Uploading... {progress}%</Text>
            <Progress
              value={progress}
              animated
              aria-label="Upload progress"
              data-testid="apk-upload-progress"
            />
          </Stack>
        )}
        <Group>
          <Button
            onClick={submitUpload}
            loading={upload.isPending}
            disabled={file === null || version.trim() === '' || update.isPending}
          >
            Upload APK
          </Button>
          <Button
            variant="default"
            onClick={submitVersion}
            loading={update.isPending}
            disabled={version.trim() === '' || upload.isPending}
          >
            Update Version Only
          </Button>
        </Group>
      </Stack>
    </Card>
  );
};
