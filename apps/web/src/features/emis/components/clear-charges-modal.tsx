import {
  CLEAR_ALL_MISMATCH_MESSAGE,
  emiMessages,
  formatRupees,
  type Paise,
  paiseToRupees,
  typedPaise,
} from '@lending/domain';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useClearEmiCharges } from '../api/clear-emi-charges';
import { useClearLoanCharges } from '../api/clear-loan-charges';
import { EMI_FAILURES } from '../lib/labels';
import { useMoneyCall } from '../lib/use-money-call';
import { EmiDialog, emiSubject } from './emi-dialog';

/** What a clear dialog is about: the whole loan (latest late charge) or one EMI (its late charge). */
export type TClearTarget =
  | { kind: 'loan'; loanId: number; loanCode: string; latest: Paise; latestEmi: number | null }
  | { kind: 'emi'; emiId: number; emiNumber: number; loanCode: string; lateCharge: Paise };

export const POSITIVE_AMOUNT_MESSAGE = 'Please enter a valid amount greater than 0';

const exact = (paise: Paise) => formatRupees(paise, 2);

/** The amount typed is checked here first, with the spec's words; the server checks it again. */
const checkAmount = (target: TClearTarget, amount: Paise | null): string | null => {
  if (target.kind === 'loan')
    return amount === null || amount !== target.latest ? CLEAR_ALL_MISMATCH_MESSAGE : null;
  if (amount === null || amount <= 0) return POSITIVE_AMOUNT_MESSAGE;
  if (amount > target.lateCharge) return `Amount cannot exceed ${exact(target.lateCharge)}`;
  return null;
};

const ClearForm = ({ target, onClose }: { target: TClearTarget; onClose: () => void }) => {
  const [text, setText] = useState<string | number>(
    target.kind === 'emi' ? paiseToRupees(target.lateCharge) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const clearLoan = useClearLoanCharges();
  const clearEmi = useClearEmiCharges();
  const { pending, run } = useMoneyCall();
  const failure = target.kind === 'loan' ? EMI_FAILURES.clearAll : EMI_FAILURES.clearEmi;

  const handleConfirm = async () => {
    const amountPaise = typedPaise(text);
    const problem = checkAmount(target, amountPaise);
    setError(problem);
    if (problem !== null || amountPaise === null) {
      if (target.kind === 'loan') notifications.show({ color: 'red', message: problem ?? failure });
      return;
    }
    const amount = paiseToRupees(amountPaise);
    try {
      const answer = await run({ target, amount }, (idempotencyKey) =>
        target.kind === 'loan'
          ? clearLoan.mutateAsync({ loanId: target.loanId, amount, idempotencyKey })
          : clearEmi.mutateAsync({ emiId: target.emiId, amount, idempotencyKey }),
      );
      if (answer === undefined) return;
      notifications.show({ color: 'green', message: answer.message || emiMessages.chargesCleared });
      onClose();
    } catch (caught) {
      notifications.show({ color: 'red', message: errorMessage(caught, failure) });
    }
  };

  return (
    <Stack gap="md">
      {target.kind === 'loan' ? (
        <Text size="sm">
          {`Type the latest late charge${target.latestEmi === null ? '' : ` (EMI ${target.latestEmi})`}, ${exact(target.latest)}, to clear every outstanding late charge of this loan. The waiver is recorded.`}
        </Text>
      ) : (
        <Text size="sm">
          {`EMI ${target.emiNumber} carries late charges of ${exact(target.lateCharge)}. Clear part or all of them; the waiver is recorded.`}
        </Text>
      )}
      <NumberInput
        label={target.kind === 'loan' ? 'Latest Late Charge (₹)' : 'Amount to Clear (₹)'}
        min={0}
        max={paiseToRupees(target.kind === 'loan' ? target.latest : target.lateCharge)}
        step={0.01}
        decimalScale={2}
        allowNegative={false}
        clampBehavior="none"
        value={text}
        onChange={(value) => {
          setText(value);
          setError(null);
        }}
        error={error}
        disabled={pending}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button
          color="orange"
          onClick={() => void handleConfirm()}
          disabled={String(text).trim() === ''}
          loading={pending}
        >
          Clear Late Charges
        </Button>
      </Group>
    </Stack>
  );
};

type TClearChargesModalProps = { target: TClearTarget | null; stackId?: string; onClose: () => void };

/** Clear Late Charges, both variants: loan-wide (exact latest) and per EMI (> 0). */
export const ClearChargesModal = ({ target, stackId, onClose }: TClearChargesModalProps) => (
  <EmiDialog
    target={target}
    title={(shown) => (shown?.kind === 'emi' ? 'Clear EMI Late Charges' : 'Clear Late Charges')}
    stackId={stackId}
    subject={(shown) => (shown.kind === 'loan' ? shown.loanCode : emiSubject(shown))}
    onClose={onClose}
  >
    {(shown) => (
      <ClearForm
        key={shown.kind === 'loan' ? `loan-${shown.loanId}` : `emi-${shown.emiId}`}
        target={shown}
        onClose={onClose}
      />
    )}
  </EmiDialog>
);
