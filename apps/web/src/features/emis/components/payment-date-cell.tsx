import { emiMessages, type TEmiView, type TLoanDetail } from '@lending/domain';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { isApiError } from '../../../api/client';
import { PickerDateInput } from '../../../components/date-range-filter';
import { useBusinessToday } from '../../../lib/business-today';
import { parsePickerDate } from '../../../lib/date-input';
import { formatDate } from '../../../lib/format';
import { useUpdatePaymentDate } from '../api/update-payment-date';
import { EMI_FAILURES } from '../lib/labels';

export const PAYMENT_DATE_REQUIRED = 'Please select a payment date';
export const PAYMENT_DATE_INVALID = 'Please select a valid date';

/** The server's message, else the HTTP status text, else the spec's words. */
const failureText = (error: unknown): string => {
  if (!isApiError(error)) return EMI_FAILURES.paymentDate;
  if (error.fromServer || error.status === 0) return error.message;
  return /^Request failed with status/.test(error.message) ? EMI_FAILURES.paymentDate : error.message;
};

const Editor = ({ emi, loan, onDone }: { emi: TEmiView; loan: TLoanDetail; onDone: () => void }) => {
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePaymentDate();
  const today = useBusinessToday();

  const save = async (typed: string) => {
    if (update.isPending) return;
    if (typed.trim() === '') {
      setError(PAYMENT_DATE_REQUIRED);
      return;
    }
    const date = parsePickerDate(typed);
    if (date === null) {
      setError(PAYMENT_DATE_INVALID);
      return;
    }
    if (date === emi.payment_date) {
      onDone();
      return;
    }
    try {
      const answer = await update.mutateAsync({ loanId: loan.id, emiKey: emi.id, payment_date: date });
      notifications.show({ color: 'green', message: answer?.message || emiMessages.paymentDateUpdated });
      onDone();
    } catch (caught) {
      const message = failureText(caught);
      setError(message);
      notifications.show({ color: 'red', message });
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save(event.currentTarget.value);
    } else if (event.key === 'Escape') {
      onDone();
    }
  };

  return (
    <PickerDateInput
      aria-label={`Payment date of EMI ${emi.emi_number}`}
      size="xs"
      w={150}
      defaultValue={emi.payment_date ?? undefined}
      maxDate={today}
      onKeyDown={handleKeyDown}
      onChange={() => setError(null)}
      error={error}
      disabled={update.isPending}
      description="Enter saves · Esc cancels"
      // Escape cancels the edit here instead of closing Loan Details.
      data-mantine-stop-propagation="true"
      popoverProps={{ withinPortal: true }}
      autoFocus
    />
  );
};

/**
 * The paid date of a paid or partial EMI in Loan Details, with the inline edit (Enter
 * saves, Escape cancels and its messages). Terminal loans show the date only. Other EMIs answer null, so
 * Loan Details shows its own bounced or foreclosed date.
 */
export const PaymentDateCell = ({ emi, loan }: { emi: TEmiView; loan: TLoanDetail }) => {
  const [editing, setEditing] = useState(false);
  if (emi.status !== 'paid' && emi.status !== 'partial') return null;
  if (editing) return <Editor emi={emi} loan={loan} onDone={() => setEditing(false)} />;
  const editable = loan.status !== 'closed' && loan.status !== 'default';
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
      >{`Paid ${formatDate(emi.payment_date ?? emi.paid_at)}`}</Text>
      {editable ? (
        <Tooltip label="Edit payment date" withinPortal>
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={`Edit payment date of EMI ${emi.emi_number}`}
            onClick={() => setEditing(true)}
          >
            <IconPencil size={14} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
};
