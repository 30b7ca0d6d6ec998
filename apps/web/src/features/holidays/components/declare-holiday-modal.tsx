import {
  HOLIDAY_NAME_MAX,
  type THolidayPreview,
  type THolidayRequest,
  ZHolidayRequest,
} from '@lending/domain';
import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage, hasErrorCode, isApiError } from '../../../api/client';
import { PickerDateInput } from '../../../components/date-range-filter';
import { DialogTable } from '../../../components/dialog-table';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { formatDate } from '../../../lib/format';
import { useWhileOpen } from '../../../lib/use-while-open';
import { useDeclareHoliday } from '../api/declare-holiday';
import { usePreviewHoliday } from '../api/preview-holiday';
import { holidayDateLabel, movedLabel } from '../lib/holiday-format';

export const DECLARE_TEXTS = {
  previewFailed: 'Failed to preview the holiday',
  declareFailed: 'Failed to declare the holiday',
  dateRequired: "Choose the holiday's date",
} as const;

/** 'N loans, M instalments move forward one collection day', or that nothing moves. */
export const previewSummary = ({ loans, emis }: Pick<THolidayPreview, 'loans' | 'emis'>): string =>
  emis === 0
    ? 'No open instalment falls on or after this day: nothing moves'
    : `${movedLabel(loans, emis)} ${emis === 1 ? 'moves' : 'move'} forward one collection day`;

const SAMPLE_COLUMNS = ['Loan', 'Customer', 'EMI', 'From', 'To'];

const PreviewPanel = ({ preview }: { preview: THolidayPreview }) => (
  <Stack gap="xs" data-testid="holiday-preview">
    <Alert color={preview.emis === 0 ? 'gray' : 'blue'} variant="light" role="status">
      <Text size="sm" fw={600}>
        {`${preview.name}, ${holidayDateLabel(preview.date)}: ${previewSummary(preview)}`}
      </Text>
    </Alert>
    {preview.sample.length === 0 ? null : (
      <>
        <DialogTable
          height={260}
          minWidth={480}
          columns={SAMPLE_COLUMNS}
          empty={null}
          aria-label="Instalments that move"
        >
          {preview.sample.map((move) => (
            <Table.Tr key={`${move.loan_id}-${move.emi_number}`}>
              <Table.Td>{move.loan_code}</Table.Td>
              <Table.Td>{move.customer_name}</Table.Td>
              <Table.Td>{move.emi_number}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(move.from)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(move.to)}</Table.Td>
            </Table.Tr>
          ))}
        </DialogTable>
        {preview.sample.length < preview.emis ? (
          <Text size="xs" c="dimmed">
            {`The first ${preview.sample.length} of ${preview.emis} instalments, in loan order`}
          </Text>
        ) : null}
      </>
    )}
  </Stack>
);

type TFieldErrors = Partial<Record<keyof THolidayRequest, string>>;

/** The server's refusal as the fields' errors: its field errors, or the day's refusal on the date. */
const fieldErrorsOf = (error: unknown): TFieldErrors => {
  if (!isApiError(error)) return {};
  const errors: TFieldErrors = {};
  for (const { param, msg } of error.errors) if (param === 'date' || param === 'name') errors[param] ??= msg;
  if (hasErrorCode(error, 'HOLIDAY_EXISTS', 'HOLIDAY_IN_PAST')) errors.date ??= error.message;
  return errors;
};

type TDeclareHolidayModalProps = {
  opened: boolean;
  /** The day and name to start from (a national holiday's Add), or null for a blank form. */
  initial: THolidayRequest | null;
  /** Today's business day: the earliest day that may be declared. */
  today: string;
  onClose: () => void;
};

const DeclareHolidayForm = ({ initial, today, onClose }: Omit<TDeclareHolidayModalProps, 'opened'>) => {
  const [date, setDate] = useState(initial?.date ?? '');
  const [name, setName] = useState(initial?.name ?? '');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [preview, setPreview] = useState<THolidayPreview | null>(null);
  const previewer = usePreviewHoliday();
  const declarer = useDeclareHoliday();
  const busy = previewer.isPending || declarer.isPending;

  // A change after the preview asks for a new one: what is declared is always what was previewed.
  const edit = (apply: () => void) => {
    apply();
    setPreview(null);
  };

  const handlePreview = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZHolidayRequest.safeParse({ date, name });
    if (!parsed.success) {
      const found: TFieldErrors = {};
      // The picker shows dd/mm/yyyy: a missing day is asked for in its words, not the API's.
      if (date === '') found.date = DECLARE_TEXTS.dateRequired;
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'date' || field === 'name') found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      setPreview(await previewer.mutateAsync(parsed.data));
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      notifications.show({ color: 'red', message: errorMessage(error, DECLARE_TEXTS.previewFailed) });
    }
  };

  const handleDeclare = async () => {
    if (preview === null) return;
    try {
      const answer = await declarer.mutateAsync({ date: preview.date, name: preview.name });
      notifications.show({ color: 'green', message: answer.message });
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setPreview(null);
      notifications.show({ color: 'red', message: errorMessage(error, DECLARE_TEXTS.declareFailed) });
    }
  };

  return (
    <form onSubmit={(event) => void handlePreview(event)} noValidate>
      <Stack gap="sm">
        <PickerDateInput
          label="Date"
          withAsterisk
          minDate={today}
          value={date === '' ? null : date}
          onChange={(value) => edit(() => setDate(value ?? ''))}
          error={errors.date}
          disabled={busy}
        />
        <TextInput
          label="Name"
          placeholder="e.g. Diwali"
          withAsterisk
          maxLength={HOLIDAY_NAME_MAX}
          value={name}
          onChange={(event) => {
            const { value } = event.currentTarget;
            edit(() => setName(value));
          }}
          error={errors.name}
          disabled={busy}
        />
        <Text size="xs" c="dimmed">
          Declaring a holiday moves every open instalment due on or after it forward by one collection day.
          Preview first: nothing changes until you declare.
        </Text>
        {preview === null ? null : <PreviewPanel preview={preview} />}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {preview === null ? (
            <Button type="submit" loading={previewer.isPending}>
              Preview
            </Button>
          ) : (
            <Button color="orange" onClick={() => void handleDeclare()} loading={declarer.isPending}>
              Declare
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
};

/** Declare holiday: the day and its name → Preview (what moves) → Declare. */
export const DeclareHolidayModal = ({
  opened,
  initial: current,
  today,
  onClose,
}: TDeclareHolidayModalProps) => {
  const initial = useWhileOpen(current, opened);
  return (
    <ResponsiveModal opened={opened} onClose={onClose} title="Declare holiday" size="lg">
      <DeclareHolidayForm
        key={initial === null ? 'blank' : `${initial.date}-${initial.name}`}
        initial={initial}
        today={today}
        onClose={onClose}
      />
    </ResponsiveModal>
  );
};
