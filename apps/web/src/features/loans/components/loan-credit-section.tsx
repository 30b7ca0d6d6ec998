import { isRupeeAmount, type PaymentMode, type TLoanDetail } from '@lending/domain';
import { Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { PAYMENT_MODE_OPTIONS } from '../../../lib/payment-modes';
import { useApplyCredit, useRecordRefund } from '../api/loan-credit';
import { formatDate, formatMoneyExact } from '../lib/loan-format';

const failed = (error: unknown, fallback: string) =>
  notifications.show({ color: 'red', message: error instanceof Error ? error.message : fallback });

/** Apply credit (admins): a confirmation first, since it pays EMIs at once. */
const ApplyCredit = ({ loan }: { loan: TLoanDetail }) => {
  const [confirming, setConfirming] = useState(false);
  const keyFor = useIdempotencyKey();
  const apply = useApplyCredit();
  if (!confirming)
    return (
      <Button size="xs" onClick={() => setConfirming(true)}>
        Apply credit
      </Button>
    );
  const confirm = () =>
    apply.mutate(
      { id: loan.id, idempotencyKey: keyFor({ apply: loan.id }) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          setConfirming(false);
        },
        onError: (error) => failed(error, 'Failed to apply credit'),
      },
    );
  return (
    <Stack gap={4} data-testid="apply-credit-confirm">
      <Text size="sm">
        {`Apply ${formatMoneyExact(loan.credit_held)} of credit held to the open EMIs, oldest first (whole EMIs only)?`}
      </Text>
      <Group gap="xs">
        <Button size="xs" loading={apply.isPending} onClick={confirm}>
          Confirm apply credit
        </Button>
        <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
};

/** Record refund (admins): amount (the refund due by default), how it was paid, notes. */
const RecordRefund = ({ loan }: { loan: TLoanDetail }) => {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(String(loan.refund_due));
  const [mode, setMode] = useState<PaymentMode>('cash');
  const [notes, setNotes] = useState('');
  const keyFor = useIdempotencyKey();
  const refund = useRecordRefund();
  if (!open)
    return (
      <Button size="xs" onClick={() => setOpen(true)}>
        Record refund
      </Button>
    );
  const value = Number(amount);
  const error =
    isRupeeAmount(value) && value > 0 && value <= loan.refund_due
      ? null
      : `Enter an amount above ₹0 and at most ${formatMoneyExact(loan.refund_due)}`;
  const submit = () => {
    if (error !== null) return;
    const body = {
      amount: value,
      payment_mode: mode,
      ...(notes.trim() === '' ? {} : { notes: notes.trim() }),
    };
    refund.mutate(
      { id: loan.id, body, idempotencyKey: keyFor(body) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          setOpen(false);
        },
        onError: (failure) => failed(failure, 'Failed to record the refund'),
      },
    );
  };
  return (
    <Stack gap="xs" data-testid="record-refund-form">
      <TextInput
        label="Refund Amount (₹)"
        value={amount}
        onChange={(e) => setAmount(e.currentTarget.value)}
        error={error}
      />
      <Select
        label="Payment Mode"
        data={PAYMENT_MODE_OPTIONS}
        value={mode}
        allowDeselect={false}
        onChange={(next) => setMode((next as PaymentMode | null) ?? 'cash')}
      />
      <TextInput label="Refund Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
      <Group gap="xs">
        <Button size="xs" loading={refund.isPending} disabled={error !== null} onClick={submit}>
          Save refund
        </Button>
        <Button size="xs" variant="default" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
};

/**
 * The loan's credit held (collected money a schedule rewrite took off the old EMIs), with the rewrite
 * that created it; admins apply it to open EMIs while the loan runs, and record its refund once the
 * loan is closed. Nothing shows when the loan holds no credit.
 */
export const LoanCreditSection = ({ loan, isAdmin }: { loan: TLoanDetail; isAdmin: boolean }) => {
  if (loan.credit_held <= 0) return null;
  const source = loan.credit_source;
  const refundDue = loan.refund_due > 0;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="loan-credit">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>
            {refundDue
              ? `Refund due ${formatMoneyExact(loan.refund_due)}`
              : `Credit held ${formatMoneyExact(loan.credit_held)}`}
          </Text>
          {source === null ? null : (
            <Text size="sm" c="dimmed">
              {`From the schedule rewrite on ${formatDate(source.business_date ?? source.at)}${source.by_name === null ? '' : ` by ${source.by_name}`}`}
            </Text>
          )}
        </Stack>
        {!isAdmin ? null : refundDue ? (
          <RecordRefund loan={loan} />
        ) : loan.status === 'approved' ? (
          <ApplyCredit loan={loan} />
        ) : null}
      </Group>
    </Paper>
  );
};
