import { appUpdateMessages } from '@lending/domain';
import { Button, Card, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { confirmAction } from '../../../components/confirm';
import { ListTable } from '../../../components/list-table';
import { useDeleteApkFile } from '../api/delete-apk-file';
import { useApkFiles } from '../api/list-apk-files';
import { formatFileSize, formatMoment } from '../lib/format';

const COLUMNS = ['Name', 'Size', 'Modified', 'Actions'] as const;

/** Uploaded APK Files: every stored APK with Delete (asked first). */
export const ApkFilesTable = () => {
  const { data, isError } = useApkFiles();
  const deletion = useDeleteApkFile();

  const remove = async (name: string) => {
    const confirmed = await confirmAction({
      title: 'Delete APK file',
      message: `Delete ${name}? Field agents can no longer download it.`,
    });
    if (!confirmed) return;
    deletion.mutate(name, {
      onSuccess: () => notifications.show({ color: 'green', message: appUpdateMessages.fileDeleted }),
      onError: () => notifications.show({ color: 'red', message: appUpdateMessages.fileDeleteFailed }),
    });
  };

  const empty =
    data === undefined
      ? isError
        ? 'Failed to load files'
        : 'Loading...'
      : data.length === 0
        ? 'No APK files uploaded'
        : null;
  return (
    <Card withBorder>
      <Title order={2} fz="h3" mb="sm">
        Uploaded APK Files
      </Title>
      <ListTable columns={COLUMNS} minWidth={560} empty={empty} data-testid="apk-files">
        {data?.map((file) => (
          <Table.Tr key={file.name} data-testid={`apk-file-${file.name}`}>
            <Table.Td>{file.name}</Table.Td>
            <Table.Td>{formatFileSize(file.size)}</Table.Td>
            <Table.Td>{formatMoment(file.modified)}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconTrash size={14} />}
                aria-label={`Delete ${file.name}`}
                loading={deletion.isPending && deletion.variables === file.name}
                onClick={() => void remove(file.name)}
              >
                Delete
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </ListTable>
    </Card>
  );
};
