import { IMPORT_KIND_TITLES, importApiMessages, type TImport } from '@lending/domain';
import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDatabaseImport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { confirmAction } from '../../../components/confirm';
import { formatDate } from '../../../lib/format';
import { useCommitImport } from '../api/commit-import';
import { formatCount, formatImportTime, summaryKinds } from '../lib/imports';
import { ImportProgress } from './import-progress';
import { ImportSummary } from './import-summary';

export const COMMIT_FAILED = 'Failed to start the import';

/** 'Agents 3, Loans 120': the rows a checked import will write (collections imported before are skipped). */
const whatIsWritten = (item: TImport) =>
  summaryKinds(item)
    .map((kind) => {
      const counts = item.summary?.[kind];
      return `${IMPORT_KIND_TITLES[kind]} ${formatCount((counts?.valid ?? 0) - (counts?.alreadyImported ?? 0))}`;
    })
    .join(', ');

/** Where the lender finds what an import wrote, and the collections still to match. */
const ImportedLinks = ({ item }: { item: TImport }) => {
  const kinds = summaryKinds(item);
  const toMatch = item.summary?.collections?.toMatch ?? 0;
  const people = kinds.includes('agents') || kinds.includes('customers');
  const books = kinds.includes('loans') || kinds.includes('collections');
  return (
    <List size="sm" spacing={4} data-testid="imported-links">
      {people ? (
        <List.Item>
          <Anchor component={Link} to="/admin/users">
            Users
          </Anchor>
          : the agents and customers
        </List.Item>
      ) : null}
      {books ? (
        <>
          <List.Item>
            <Anchor component={Link} to="/admin/loans">
              Loans
            </Anchor>
            : the loans and what was paid on them
          </List.Item>
          <List.Item>
            <Anchor component={Link} to="/admin/payments-due">
              Payments Due
            </Anchor>
            : the EMIs due from now on
          </List.Item>
        </>
      ) : null}
      {toMatch > 0 ? (
        <List.Item>
          <Anchor component={Link} to="/admin/import/to-match">
            {`${formatCount(toMatch)} ${toMatch === 1 ? 'collection' : 'collections'} to match`}
          </Anchor>
          : no loan was found for them; match each to its loan
        </List.Item>
      ) : null}
    </List>
  );
};

/** Step 5: the import written into the book, after a confirmation; then where to find it. */
export const CommitStep = ({ item, onBack }: { item: TImport; onBack: () => void }) => {
  const commit = useCommitImport();
  const blocked =
    item.status !== 'checked'
      ? importApiMessages.notCommittable
      : item.errorCount > 0
        ? importApiMessages.hasErrors(item.errorCount)
        : null;

  const start = async () => {
    const confirmed = await confirmAction({
      title: 'Import this file?',
      message: `This writes ${whatIsWritten(item)} into your book as of ${formatDate(item.cutOverDate)}. It cannot be undone from this screen.`,
      confirmLabel: 'Import',
    });
    if (!confirmed) return;
    try {
      const answer = await commit.mutateAsync(item.id);
      notifications.show({ color: 'green', message: answer.message });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, COMMIT_FAILED) });
    }
  };

  if (item.status === 'committing' && item.job !== null)
    return <ImportProgress job={item.job} title="Importing" />;

  if (item.status === 'committed')
    return (
      <Stack gap="md">
        <Alert color="green" title="Imported" data-testid="commit-result">
          {`The file was imported on ${formatImportTime(item.committedAt)}.`}
        </Alert>
        <ImportSummary item={item} after="commit" />
        <Text fw={600}>See what was imported</Text>
        <ImportedLinks item={item} />
      </Stack>
    );

  return (
    <Stack gap="md">
      {item.status === 'failed' && item.job?.kind === 'import.commit' ? (
        <Alert color="red" title="The import could not finish" role="alert">
          {`Nothing of this file was saved. ${item.job.error ?? ''}`}
        </Alert>
      ) : null}
      {item.status === 'checked' && blocked === null ? (
        <Text>{`Ready to import: ${whatIsWritten(item)}.`}</Text>
      ) : null}
      {blocked === null ? null : (
        <Alert color="orange" data-testid="commit-blocked">
          {blocked}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack}>
          Back to the check
        </Button>
        <Button
          leftSection={<IconDatabaseImport size={16} />}
          onClick={() => void start()}
          loading={commit.isPending}
          disabled={blocked !== null}
        >
          Import now
        </Button>
      </Group>
    </Stack>
  );
};
