import { IMPORT_FILE_MAX_BYTES, importApiMessages } from '@lending/domain';
import { Alert, Button, FileInput, Group, List, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../../api/client';
import { PickerDateInput } from '../../../components/date-range-filter';
import { useBusinessToday } from '../../../lib/business-today';
import { useUploadImport } from '../api/upload-import';
import { formatBytes } from '../lib/imports';

export const UPLOAD_FAILED = 'Failed to upload the file';
export const NOT_A_SPREADSHEET = 'Choose an .xlsx workbook or a .csv file';

/** Why a picked file cannot be sent, before any byte is: its name's type or its size. */
const fileProblem = (file: File): string | null => {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return NOT_A_SPREADSHEET;
  if (file.size > IMPORT_FILE_MAX_BYTES) return importApiMessages.tooLarge;
  return null;
};

/** The server's refusal: its message, and each field's own where it named them. */
const Refusal = ({ error }: { error: unknown }) => (
  <Alert color="red" title="The file was not accepted" role="alert" data-testid="upload-refusal">
    <Text size="sm">{errorMessage(error, UPLOAD_FAILED)}</Text>
    {isApiError(error) && error.errors.length > 0 ? (
      <List size="sm" mt={4}>
        {error.errors.map((field) => (
          <List.Item key={`${field.param}-${field.msg}`}>{field.msg}</List.Item>
        ))}
      </List>
    ) : null}
  </Alert>
);

/** Step 2: the file and its cut-over day, sent with a progress bar; the new import opens on success. */
export const UploadStep = ({ onUploaded }: { onUploaded: (id: number) => void }) => {
  const today = useBusinessToday();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [cutOverDate, setCutOverDate] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadImport(({ percent }) => setProgress(percent));
  const day = cutOverDate ?? today;
  const dayError = day > today ? importApiMessages.cutOverAfterToday : null;

  const pick = (picked: File | null) => {
    upload.reset();
    setFile(picked);
    setFileError(picked === null ? null : fileProblem(picked));
  };

  const send = () => {
    if (file === null) {
      setFileError(importApiMessages.fileMissing);
      return;
    }
    if (fileError !== null || dayError !== null) return;
    setProgress(0);
    upload.mutate(
      { file, cutOverDate: day },
      {
        onSuccess: ({ message, data }) => {
          notifications.show({ color: 'green', message });
          onUploaded(data.id);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Stack gap="md">
      <Text>
        Upload the filled-in workbook, or a CSV file. Nothing is saved to your book until you check it and
        press Import.
      </Text>
      <FileInput
        label="Import file"
        description={`An .xlsx workbook or a .csv file, at most ${formatBytes(IMPORT_FILE_MAX_BYTES)}`}
        placeholder="Choose file"
        name="file"
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        value={file}
        onChange={pick}
        error={fileError}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the file' }}
        disabled={upload.isPending}
        leftSection={<IconUpload size={16} />}
        withAsterisk
      />
      <PickerDateInput
        label="Cut-over day"
        description="The last day of your old book: what the file says is as of the end of this day, and nothing in it may be paid or collected after it."
        value={day}
        onChange={(value) => setCutOverDate(value ?? today)}
        maxDate={today}
        error={dayError}
        disabled={upload.isPending}
        maw={360}
        withAsterisk
      />
      {progress === null ? null : (
        <Stack gap={4}>
          <Text size="sm" aria-live="polite">
            {progress < 100 ? `Uploading… ${progress}%` : 'Reading the file…'}
          </Text>
          <Progress value={progress} animated aria-label="Upload progress" data-testid="upload-progress" />
        </Stack>
      )}
      {upload.isError ? <Refusal error={upload.error} /> : null}
      <Group justify="flex-end">
        <Button leftSection={<IconUpload size={16} />} onClick={send} loading={upload.isPending}>
          Upload
        </Button>
      </Group>
    </Stack>
  );
};
