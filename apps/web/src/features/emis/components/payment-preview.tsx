import { formatRupees, type Paise, type PaymentType, type TPaymentPreview } from '@lending/domain';
import { Alert, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { rolledIn, type TPayTarget } from '../lib/pay-target';

const exact = (paise: Paise) => formatRupees(paise, 2);

const Line = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Group justify="space-between" gap="xs" wrap="nowrap">
    <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
      {label}
    </Text>
    <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500} ta="right">
      {value}
    </Text>
  </Group>
);

type TPaymentPreviewProps = {
  target: TPayTarget;
  paymentType: PaymentType;
  preview: TPaymentPreview;
  extra: Paise;
  partialAmount: Paise | null;
  /** Whether the carry's EMI number is known (Loan Details) or only "the next open EMI" (due list). */
  knowsNextEmi: boolean;
};

/** The live preview of a payment: what is collected now and what moves on, to the paisa. */
export const PaymentPreview = ({
  target,
  paymentType,
  preview,
  extra,
  partialAmount,
  knowsNextEmi,
}: TPaymentPreviewProps) => {
  if (!preview.ok) {
    if (paymentType === 'partial' && partialAmount === null) {
      return (
        <Text size="sm" c="dimmed" data-testid="payment-preview">
          Enter the amount received to see the remaining balance and its charge.
        </Text>
      );
    }
    return (
      <Alert color="orange" data-testid="payment-preview">
        {preview.message}
      </Alert>
    );
  }
  const rolled = rolledIn(target);
  const carriedLabel =
    knowsNextEmi && preview.carriedTo !== null
      ? `Carried to EMI ${preview.carriedTo}`
      : 'Carried to the next EMI';
  return (
    <Paper withBorder p="sm" radius="md" data-testid="payment-preview">
      <Stack gap={4}>
        <Line label="EMI Amount" value={exact(target.amount)} />
        <Line label="Late Charges" value={exact(target.lateCharge)} />
        {rolled > 0 ? <Line label="Dues of the earlier bounced EMI" value={exact(rolled)} /> : null}
        {extra > 0 ? <Line label="Late charge at collection" value={exact(extra)} /> : null}
        <Divider my={4} />
        <Line label="Amount to Collect" value={exact(preview.collected)} strong />
        {paymentType === 'partial' ? (
          <>
            <Line label="Remaining EMI" value={exact(preview.remaining)} />
            <Line label="Late Charge (10% of remaining)" value={exact(preview.partialCharge)} />
          </>
        ) : null}
        {preview.carried > 0 ? <Line label={carriedLabel} value={exact(preview.carried)} /> : null}
      </Stack>
    </Paper>
  );
};
