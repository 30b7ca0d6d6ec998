import { importApiMessages, type TImport } from '@lending/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconListCheck } from '@tabler/icons-react';
import { errorMessage } from '../../../api/client';
import { useStartCheck } from '../api/start-check';
import { formatCount } from '../lib/imports';
import { ImportErrors } from './import-errors';
import { ImportProgress } from './import-progress';
import { alreadyImportedNote, ImportSummary } from './import-summary';

export const CHECK_FAILED = 'Failed to start the check';
export const MAP_FIRST = 'Map every required column (step 3) before checking';

/** Why the check cannot start yet: a sheet still lacks a required column, or no sheet is read. */
const notReady = (item: TImport): string | null => {
  const read = item.sheets.filter((sheet) => sheet.kind !== null);
  if (read.length === 0) return 'Choose a kind for at least one sheet (step 3) before checking';
  return read.some((sheet) => sheet.missing.length > 0) ? MAP_FIRST : null;
};

type TCheckStepProps = { item: TImport; onNext: () => void; onUploadAgain: () => void };

/**
 * Step 4: the dry run. Every row is read and checked as the import would write it, with nothing
 * saved; then the figures per kind and every error, a page at a time.
 */
export const CheckStep = ({ item, onNext, onUploadAgain }: TCheckStepProps) => {
  const check = useStartCheck();
  const blocked = notReady(item);
  const canStart = item.status === 'uploaded' || item.status === 'checked' || item.status === 'failed';
  const checked = item.status === 'checked';

  const start = async () => {
    try {
      const answer = await check.mutateAsync(item.id);
      notifications.show({ color: 'green', message: answer.message });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, CHECK_FAILED) });
    }
  };

  return (
    <Stack gap="md">
      <Text>
        The check reads every row as the import would write it and lists each problem. Nothing is saved.
      </Text>
      {item.status === 'checking' && item.job !== null ? (
        <ImportProgress job={item.job} title="Checking" />
      ) : null}
      {item.status === 'failed' && item.job?.kind === 'import.check' ? (
        <Alert color="red" title="The check could not finish" role="alert">
          {item.job.error ?? 'Start it again.'}
        </Alert>
      ) : null}
      {canStart ? (
        <Group gap="sm">
          <Button
            leftSection={<IconListCheck size={16} />}
            onClick={() => void start()}
            loading={check.isPending}
            disabled={blocked !== null}
            variant={checked ? 'default' : 'filled'}
          >
            {item.status === 'uploaded' ? 'Start check' : 'Check again'}
          </Button>
          {blocked === null ? null : (
            <Text size="sm" fw={600}>
              {blocked}
            </Text>
          )}
        </Group>
      ) : null}
      {checked ? (
        <>
          <ImportSummary item={item} after="check" />
          {(item.summary?.collections?.alreadyImported ?? 0) > 0 ? (
            <Alert color="yellow" title="Imported before" data-testid="already-imported">
              {alreadyImportedNote(item.summary?.collections?.alreadyImported ?? 0)}
            </Alert>
          ) : null}
          {item.errorCount === 0 ? (
            <Alert color="green" title="No errors" data-testid="check-result">
              Every row is ready to import.
            </Alert>
          ) : (
            <Alert
              color="red"
              title={`${formatCount(item.errorCount)} ${item.errorCount === 1 ? 'error' : 'errors'}`}
              data-testid="check-result"
            >
              {importApiMessages.hasErrors(item.errorCount)}
            </Alert>
          )}
          {item.errorCount > 0 ? <ImportErrors item={item} /> : null}
          <Group justify="flex-end" gap="sm">
            {item.errorCount > 0 ? (
              <Button variant="default" onClick={onUploadAgain}>
                Upload a corrected file
              </Button>
            ) : null}
            <Button onClick={onNext} disabled={item.errorCount > 0}>
              Next: Import
            </Button>
          </Group>
        </>
      ) : null}
    </Stack>
  );
};
