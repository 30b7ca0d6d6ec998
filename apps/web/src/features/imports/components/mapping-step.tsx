import { importApiMessages, type TImport } from '@lending/domain';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { PickerDateInput } from '../../../components/date-range-filter';
import { useBusinessToday } from '../../../lib/business-today';
import { useSaveMapping } from '../api/save-mapping';
import { draftOf, mappingRequest, missingColumns, type TSheetDraft } from '../lib/mapping';
import { SheetMapping } from './sheet-mapping';

export const MAPPING_FAILED = 'Failed to save the mapping';
export const NOTHING_TO_IMPORT = 'Choose a kind for at least one sheet';

/**
 * Step 3: each sheet's kind and columns as the server matched them, to correct; saved for this
 * import and remembered for the next file. The cut-over day can still change here.
 */
export const MappingStep = ({ item, onSaved }: { item: TImport; onSaved: () => void }) => {
  const today = useBusinessToday();
  const [drafts, setDrafts] = useState<TSheetDraft[]>(() => item.sheets.map(draftOf));
  const [cutOverDate, setCutOverDate] = useState(item.cutOverDate);
  const save = useSaveMapping();
  const nothing = drafts.every((draft) => draft.kind === null);
  const missing = drafts.reduce((sum, draft) => sum + missingColumns(draft).length, 0);
  const dayError = cutOverDate > today ? importApiMessages.cutOverAfterToday : null;

  const submit = async () => {
    if (nothing || dayError !== null) return;
    const changedDay = cutOverDate === item.cutOverDate ? undefined : cutOverDate;
    try {
      const answer = await save.mutateAsync({ id: item.id, request: mappingRequest(drafts, changedDay) });
      notifications.show({ color: 'green', message: answer.message });
      onSaved();
    } catch {
      // Shown under the sheets, where the lender is looking.
    }
  };

  return (
    <Stack gap="md">
      <Text>
        Say what each sheet holds and which of its columns gives each field. Columns marked * are required.
        Your choices are remembered for your next file.
      </Text>
      <PickerDateInput
        label="Cut-over day"
        value={cutOverDate}
        onChange={(value) => setCutOverDate(value ?? item.cutOverDate)}
        maxDate={today}
        error={dayError}
        disabled={save.isPending}
        maw={360}
        withAsterisk
      />
      {item.sheets.map((sheet, index) => {
        const draft = drafts[index];
        return draft === undefined ? null : (
          <SheetMapping
            key={sheet.name}
            sheet={sheet}
            draft={draft}
            disabled={save.isPending}
            onChange={(next) => setDrafts((current) => current.map((old, at) => (at === index ? next : old)))}
          />
        );
      })}
      {nothing ? (
        <Alert color="orange" role="alert">
          {NOTHING_TO_IMPORT}
        </Alert>
      ) : null}
      {save.isError ? (
        <Alert color="red" title={MAPPING_FAILED} role="alert">
          {errorMessage(save.error, MAPPING_FAILED)}
        </Alert>
      ) : null}
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={missing > 0 ? 600 : undefined} data-testid="mapping-missing">
          {missing === 0
            ? 'Every required column has its column in the file.'
            : `${missing} required ${missing === 1 ? 'column has' : 'columns have'} no column in the file.`}
        </Text>
        <Button
          onClick={() => void submit()}
          loading={save.isPending}
          disabled={nothing || dayError !== null}
        >
          Save mapping
        </Button>
      </Group>
    </Stack>
  );
};
