import {
  FORECLOSURE_REASONS,
  FORECLOSURE_TYPES,
  type ForeclosureType,
  loanMessages,
  type TLoanView,
} from '@lending/domain';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { LoadingOrFailed } from '../../../components/loading-or-failed';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { RupeeInput } from '../../../components/rupee-input';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { PAYMENT_MODE_OPTIONS } from '../../../lib/payment-modes';
import { useWhileOpen } from '../../../lib/use-while-open';
import { useForecloseLoan } from '../api/foreclose-loan';
import { useForeclosure } from '../api/get-foreclosure';
import {
  checkForeclosureForm,
  EMPTY_FORECLOSURE_FORM,
  maxForeclosureRupees,
  needsAmount,
  type TForeclosureFormValues,
} from '../lib/foreclosure-form';
import { FORECLOSURE_TYPE_LABELS, formatMoneyExact } from '../lib/loan-format';

export const FORECLOSURE_LOAD_FAILED = 'Failed to load foreclosure details';
export const FORECLOSE_FAILED = 'Failed to foreclose loan';

const TYPE_OPTIONS = FORECLOSURE_TYPES.map((type) => ({
  value: type,
  label: FORECLOSURE_TYPE_LABELS[type] ?? type,
}));
const REASON_OPTIONS = [...FORECLOSURE_REASONS];

type TForecloseModalProps = { loan: TLoanView | null; onClose: () => void };

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={600}>{value}</Text>
  </Stack>
);

const ForecloseForm = ({
  loan,
  pending,
  onClose,
}: {
  loan: TLoanView;
  pending: number;
  onClose: () => void;
}) => {
  const form = useForm<TForeclosureFormValues>({ mode: 'controlled', initialValues: EMPTY_FORECLOSURE_FORM });
  const foreclose = useForecloseLoan();
  // One key per opened form: a repeated submit (double click, retry) cannot foreclose twice.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const type = form.values.foreclosure_type;
  const max = maxForeclosureRupees(type, pending);

  const handleTypeChange = (value: string | null) => {
    const next = (FORECLOSURE_TYPES.find((candidate) => candidate === value) ?? 'full') as ForeclosureType;
    form.setFieldValue('foreclosure_type', next);
    if (needsAmount(next) && String(form.values.settlement_amount).trim() === '')
      form.setFieldValue('settlement_amount', pending);
    form.clearFieldError('settlement_amount');
  };

  const handleSubmit = form.onSubmit(async (values) => {
    const check = checkForeclosureForm(values, pending);
    if (!check.ok) {
      form.setErrors(check.errors);
      return;
    }
    try {
      const answer = await foreclose.mutateAsync({ id: loan.id, body: check.body, idempotencyKey });
      notifications.show({ color: 'green', message: answer?.message ?? loanMessages.foreclosed });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, FORECLOSE_FAILED) });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Select
          label="Foreclosure Type"
          withAsterisk
          data={TYPE_OPTIONS}
          allowDeselect={false}
          value={type}
          onChange={handleTypeChange}
        />
        {needsAmount(type) ? (
          <RupeeInput
            label="Settlement Amount (₹)"
            withAsterisk
            max={max}
            clampBehavior="none"
            description={`Suggested: ${formatMoneyExact(pending)} (total pending) · Maximum: ${formatMoneyExact(max)}`}
            {...form.getInputProps('settlement_amount')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {`The customer pays the total pending amount of ${formatMoneyExact(pending)}; the loan closes.`}
          </Text>
        )}
        {type === 'settlement' ? (
          <Alert color="orange">A settlement marks the loan as default; the shortfall is written off.</Alert>
        ) : null}
        <Select
          label="Payment Mode"
          data={PAYMENT_MODE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('payment_mode')}
        />
        <Select
          label="Reason"
          withAsterisk
          placeholder="Select a reason"
          data={REASON_OPTIONS}
          {...form.getInputProps('reason')}
        />
        <Textarea
          label="Notes"
          placeholder="Optional"
          autosize
          minRows={2}
          {...form.getInputProps('notes')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={foreclose.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={foreclose.isPending}>
            Foreclose Loan
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Foreclose Loan: type, agreed amount within limits, reason, notes. */
export const ForecloseModal = ({ loan: current, onClose }: TForecloseModalProps) => {
  const loan = useWhileOpen(current, current !== null);
  const figures = useForeclosure(loan?.id ?? null);
  const failed = figures.isError;
  useEffect(() => {
    if (failed) notifications.show({ color: 'red', message: FORECLOSURE_LOAD_FAILED });
  }, [failed]);

  return (
    <ResponsiveModal
      stackId="loan-foreclose"
      opened={current !== null}
      onClose={onClose}
      title={loan === null ? 'Foreclose Loan' : `Foreclose Loan — ${loan.loan_code}`}
      size="lg"
    >
      {loan === null ? null : figures.data !== undefined ? (
        <Stack>
          <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="foreclosure-figures">
            <Figure label="Pending EMIs" value={String(figures.data.pendingEmis)} />
            <Figure label="EMI Amount" value={formatMoneyExact(figures.data.totalEmiAmount)} />
            <Figure label="Late Charges" value={formatMoneyExact(figures.data.totalLateCharges)} />
            <Figure label="Total Pending" value={formatMoneyExact(figures.data.totalPendingAmount)} />
          </SimpleGrid>
          {figures.data.creditApplied > 0 ? (
            <Text size="sm" data-testid="foreclosure-credit">
              {`Credit held of ${formatMoneyExact(figures.data.creditApplied)} is consumed first; Total Pending is what remains to collect.`}
            </Text>
          ) : null}
          <ForecloseForm loan={loan} pending={figures.data.totalPendingAmount} onClose={onClose} />
        </Stack>
      ) : (
        <LoadingOrFailed failed={failed} message={FORECLOSURE_LOAD_FAILED} />
      )}
    </ResponsiveModal>
  );
};
