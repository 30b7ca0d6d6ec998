import { IMPORT_KIND_TITLES, IMPORT_KINDS, type ImportKind, importAboutLines } from '@lending/domain';
import { Accordion, Badge, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { errorMessage } from '../../../api/client';
import { ListTable } from '../../../components/list-table';
import { type TTemplateChoice, useDownloadTemplate } from '../api/download-template';
import { columnsOf } from '../lib/mapping';

export const TEMPLATE_FAILED = 'Failed to download the template';

const COLUMNS = ['Column', 'Required', 'What to write', 'Example'];

/** One kind's sheet: each column with its note, the required ones marked, and an example cell. */
const SheetColumns = ({ kind }: { kind: ImportKind }) => (
  <ListTable minWidth={640} columns={COLUMNS} empty={null} data-testid={`template-columns-${kind}`}>
    {columnsOf(kind).map((column) => (
      <Table.Tr key={column.key}>
        <Table.Td fw={600}>{column.header}</Table.Td>
        <Table.Td>
          {column.required ? (
            <Badge color="red" variant="light" miw="max-content">
              Required
            </Badge>
          ) : (
            <Text size="sm" c="dimmed">
              Optional
            </Text>
          )}
        </Table.Td>
        <Table.Td>{column.note}</Table.Td>
        <Table.Td>{column.examples.filter(Boolean).join(', ') || '-'}</Table.Td>
      </Table.Tr>
    ))}
  </ListTable>
);

const requiredCount = (kind: ImportKind) => columnsOf(kind).filter((column) => column.required).length;

/** Step 1: the template to download (the workbook or a CSV per kind) and what each sheet holds. */
export const TemplateStep = ({ onNext }: { onNext: () => void }) => {
  const download = useDownloadTemplate();
  const fetchTemplate = async (choice: TTemplateChoice) => {
    try {
      await download.mutateAsync(choice);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, TEMPLATE_FAILED) });
    }
  };
  const busy = (choice: TTemplateChoice) =>
    download.isPending &&
    download.variables?.format === choice.format &&
    (choice.format === 'xlsx' ||
      (download.variables.format === 'csv' && download.variables.kind === choice.kind));

  const workbook: TTemplateChoice = { format: 'xlsx' };
  return (
    <Stack gap="md">
      <Text>
        Fill in the template with your old book, one sheet per kind, then upload it. You can also upload one
        CSV file per sheet with the same headers.
      </Text>
      <Group gap="sm" wrap="wrap">
        <Button
          leftSection={<IconFileSpreadsheet size={16} />}
          loading={busy(workbook)}
          onClick={() => void fetchTemplate(workbook)}
        >
          Download Excel template (.xlsx)
        </Button>
        {IMPORT_KINDS.map((kind) => {
          const choice: TTemplateChoice = { format: 'csv', kind };
          return (
            <Button
              key={kind}
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={busy(choice)}
              onClick={() => void fetchTemplate(choice)}
            >
              {`${IMPORT_KIND_TITLES[kind]} (.csv)`}
            </Button>
          );
        })}
      </Group>
      <Title order={3} fz="h4">
        How to fill it in
      </Title>
      <List size="sm" spacing={4}>
        {importAboutLines()
          .slice(1)
          .map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
      </List>
      <Title order={3} fz="h4">
        What each sheet holds
      </Title>
      <Accordion variant="separated" multiple>
        {IMPORT_KINDS.map((kind) => (
          <Accordion.Item key={kind} value={kind}>
            <Accordion.Control>
              {`${IMPORT_KIND_TITLES[kind]}: ${columnsOf(kind).length} columns, ${requiredCount(kind)} required`}
            </Accordion.Control>
            <Accordion.Panel>
              <SheetColumns kind={kind} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Group justify="flex-end">
        <Button onClick={onNext}>Next: Upload</Button>
      </Group>
    </Stack>
  );
};
