import { IMPORT_KIND_TITLES, IMPORT_KINDS, type ImportKind, type TImportSheet } from '@lending/domain';
import { Alert, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatCount } from '../lib/imports';
import { columnsOf, draftForKind, headerChoices, missingColumns, type TSheetDraft } from '../lib/mapping';

/** The select values of "Do not import" and "Not in this file" (no kind or header is spelt so). */
const LEAVE_OUT = '-';
export const MISSING_REQUIRED = 'Required: choose the column that holds it';

const KIND_OPTIONS = [
  ...IMPORT_KINDS.map((kind) => ({ value: kind, label: IMPORT_KIND_TITLES[kind] })),
  { value: LEAVE_OUT, label: 'Do not import' },
];

type TSheetMappingProps = {
  sheet: TImportSheet;
  draft: TSheetDraft;
  onChange: (draft: TSheetDraft) => void;
  disabled: boolean;
};

/**
 * One sheet of the file: the kind it is read as, and for each column of that kind the file's column
 * it is read from. Required columns carry an asterisk; one without a column is flagged at once.
 */
export const SheetMapping = ({ sheet, draft, onChange, disabled }: TSheetMappingProps) => {
  const headers = headerChoices(sheet);
  const headerOptions = [{ value: LEAVE_OUT, label: 'Not in this file' }, ...headers];
  const missing = missingColumns(draft);
  const setKind = (value: string | null) =>
    onChange(draftForKind(sheet, value === null || value === LEAVE_OUT ? null : (value as ImportKind)));
  const setColumn = (key: string, value: string | null) =>
    onChange({
      ...draft,
      columns: { ...draft.columns, [key]: value === null || value === LEAVE_OUT ? null : value },
    });

  return (
    <Paper withBorder p="md" radius="md" data-testid={`sheet-${sheet.name}`}>
      <Stack gap="sm">
        <div>
          <Title order={3} fz="h5">{`Sheet “${sheet.name}”`}</Title>
          <Text size="sm" c="dimmed">
            {`${formatCount(sheet.rows)} ${sheet.rows === 1 ? 'row' : 'rows'} · headers on row ${sheet.headerRow}`}
          </Text>
        </div>
        <Select
          label={`Import sheet “${sheet.name}” as`}
          data={KIND_OPTIONS}
          value={draft.kind ?? LEAVE_OUT}
          onChange={setKind}
          allowDeselect={false}
          disabled={disabled}
          maw={360}
        />
        {draft.kind === null ? (
          <Text size="sm" c="dimmed">
            This sheet is left out: none of its rows are read.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {columnsOf(draft.kind).map((column) => {
              const chosen = draft.columns[column.key] ?? null;
              return (
                <Select
                  key={column.key}
                  label={column.header}
                  withAsterisk={column.required}
                  data={headerOptions}
                  value={chosen ?? LEAVE_OUT}
                  onChange={(value) => setColumn(column.key, value)}
                  allowDeselect={false}
                  disabled={disabled}
                  error={column.required && chosen === null ? MISSING_REQUIRED : undefined}
                />
              );
            })}
          </SimpleGrid>
        )}
        {missing.length === 0 ? null : (
          <Alert color="orange" title="Required columns missing" data-testid={`sheet-missing-${sheet.name}`}>
            {`Choose the file's column for ${missing.map((column) => column.header).join(', ')}, or add them to the sheet and upload it again.`}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
};
