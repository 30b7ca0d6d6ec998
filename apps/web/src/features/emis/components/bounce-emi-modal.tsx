import {
  emiMessages,
  formatRupees,
  type Paise,
  paiseToRupees,
  type TBounceEmiRequest,
  type TBounceEmiResponse,
  typedPaise,
} from '@lending/domain';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { RupeeInput } from '../../../components/rupee-input';
import { useBounceEmi } from '../api/bounce-emi';
import { EMI_FAILURES } from '../lib/labels';
import { useMoneyCall } from '../lib/use-money-call';
import { EmiDialog, emiSubject } from './emi-dialog';

export type TBounceTarget = {
  loanId: number;
  loanCode: string;
  emiNumber: number;
  amount: Paise;
  lateCharge: Paise;
  /** The charge the dialog starts from: the bounce charge of the loan's product terms, when it has one. */
  startCharge?: Paise;
};

type TBounceCallbacks = {
  onStart?: () => void;
  onFailed?: () => void;
  onBounced: (answer: TBounceEmiResponse) => void;
};

const BounceForm = ({
  target,
  defaultReason,
  onCancel,
  onStart,
  onFailed,
  onBounced,
}: TBounceCallbacks & { target: TBounceTarget; defaultReason: string; onCancel: () => void }) => {
  const [chargeText, setChargeText] = useState<string | number>(
    target.startCharge === undefined || target.startCharge === 0 ? '' : paiseToRupees(target.startCharge),
  );
  const [reason, setReason] = useState(defaultReason);
  const [notes, setNotes] = useState('');
  const bounce = useBounceEmi();
  const { pending, run } = useMoneyCall();
  const chargeBlank = String(chargeText).trim() === '';
  const charge = chargeBlank ? 0 : typedPaise(chargeText);
  const chargeOk = charge !== null && charge >= 0;

  const handleConfirm = async () => {
    if (!chargeOk || pending) return;
    const body: TBounceEmiRequest = {
      loan_id: target.loanId,
      emi_number: target.emiNumber,
      emi_amount: paiseToRupees(target.amount),
      late_charges: paiseToRupees(charge),
      reason: reason.trim() === '' ? defaultReason : reason.trim(),
      notes: notes.trim(),
    };
    try {
      const answer = await run(body, (idempotencyKey) => {
        onStart?.();
        return bounce.mutateAsync({
          loanId: target.loanId,
          emiNumber: target.emiNumber,
          body,
          idempotencyKey,
        });
      });
      if (answer === undefined) return;
      notifications.show({
        color: 'green',
        message: answer.message || emiMessages.bounced(target.emiNumber),
      });
      onBounced(answer);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, EMI_FAILURES.bounce) });
      onFailed?.();
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {`EMI amount ${formatRupees(target.amount, 2)} · late charges ${formatRupees(target.lateCharge, 2)}`}
      </Text>
      <RupeeInput
        label="Bounce Charge (₹)"
        description={
          target.startCharge === undefined
            ? "Added to the EMI's late charges"
            : "Added to the EMI's late charges; starts from the loan product's bounce charge"
        }
        placeholder="0"
        allowNegative={false}
        value={chargeText}
        onChange={setChargeText}
        error={chargeOk ? null : 'Enter an amount of ₹0 or more'}
        disabled={pending}
      />
      <TextInput
        label="Reason"
        value={reason}
        maxLength={200}
        onChange={(event) => setReason(event.currentTarget.value)}
        disabled={pending}
      />
      <Textarea
        label="Notes"
        placeholder="Optional"
        autosize
        minRows={2}
        maxLength={500}
        value={notes}
        onChange={(event) => setNotes(event.currentTarget.value)}
        disabled={pending}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button color="red" onClick={() => void handleConfirm()} disabled={!chargeOk} loading={pending}>
          Mark as Bounced
        </Button>
      </Group>
    </Stack>
  );
};

type TBounceEmiModalProps = TBounceCallbacks & {
  target: TBounceTarget | null;
  /** 'Payment failed' in Loan Details, 'Insufficient funds' on the due list. */
  defaultReason: string;
  stackId?: string;
  onClose: () => void;
};

/** Mark EMI as Bounced: a bounce charge (≥ 0), the reason and notes; one attempt per opening. */
export const BounceEmiModal = ({
  target,
  defaultReason,
  stackId,
  onClose,
  ...callbacks
}: TBounceEmiModalProps) => (
  <EmiDialog
    target={target}
    title="Mark EMI as Bounced"
    stackId={stackId}
    subject={emiSubject}
    onClose={onClose}
  >
    {(shown) => (
      <BounceForm
        key={`${shown.loanId}-${shown.emiNumber}`}
        target={shown}
        defaultReason={defaultReason}
        onCancel={onClose}
        {...callbacks}
      />
    )}
  </EmiDialog>
);
