import {
  emiMessages,
  formatRupees,
  PAYMENT_MODES,
  PAYMENT_TYPES,
  type Paise,
  type PaymentMode,
  type PaymentType,
  paiseToRupees,
  partialAmountAcceptable,
  partialInputMax,
  previewPayment,
  type TPayEmiRequest,
  type TPayEmiResponse,
  typedPaise,
} from '@lending/domain';
import { Alert, Button, Group, Radio, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { RupeeInput } from '../../../components/rupee-input';
import { PAYMENT_MODE_OPTIONS } from '../../../lib/payment-modes';
import { usePayEmi } from '../api/pay-emi';
import { EMI_FAILURES, PAYMENT_TYPE_LABELS } from '../lib/labels';
import type { TPayTarget } from '../lib/pay-target';
import { useMoneyCall } from '../lib/use-money-call';
import { PaymentPreview } from './payment-preview';

export type TPayEmiFormProps = {
  target: TPayTarget;
  confirmLabel: string;
  onCancel: () => void;
  /** The call starts (the due list removes the row at once). */
  onStart?: () => void;
  /** The call failed (the due list reloads). */
  onFailed?: () => void;
  onPaid: (answer: TPayEmiResponse) => void;
};

const exact = (paise: Paise) => formatRupees(paise, 2);

/**
 * Mark EMI as Paid / Pay EMI: type full, EMI only or partial (not for a
 * bounced EMI), mode (cash by default), an optional late charge levied at collection, and the live
 * preview of what is collected, what remains, the 10% charge and what is carried — all in paise,
 * from the lending rules.
 */
export const PayEmiForm = ({
  target,
  confirmLabel,
  onCancel,
  onStart,
  onFailed,
  onPaid,
}: TPayEmiFormProps) => {
  const [paymentType, setPaymentType] = useState<PaymentType>('full');
  const [paymentMode, setPaymentMode] = useState<PaymentMode>('cash');
  const [partialText, setPartialText] = useState<string | number>('');
  const [extraText, setExtraText] = useState<string | number>('');
  const pay = usePayEmi();
  const { pending, run } = useMoneyCall();

  const partial = paymentType === 'partial';
  const partialAmount = typedPaise(partialText);
  const partialOk = partialAmountAcceptable(partialAmount, target.amount);
  const extraBlank = String(extraText).trim() === '';
  const extra = extraBlank ? null : typedPaise(extraText);
  const extraOk = extraBlank || (extra !== null && extra >= 0);
  const preview = previewPayment(target.state, {
    emiNumber: target.emiNumber,
    paymentType,
    partialAmount,
    extraCharge: extraOk ? extra : null,
  });
  const collected = preview.ok ? preview.collected : partial ? (partialAmount ?? 0) : 0;
  const canConfirm = !pending && extraOk && (partial ? partialOk : collected > 0);

  const partialError =
    partialAmount !== null && partialAmount > target.amount
      ? `A partial payment can be at most the EMI amount, ${exact(target.amount)}`
      : String(partialText).trim() !== '' && !partialOk
        ? 'Enter an amount greater than ₹0'
        : null;

  const handleConfirm = async () => {
    if (!canConfirm) return;
    const body: TPayEmiRequest = {
      loan_id: target.loanId,
      emi_number: target.emiNumber,
      payment_mode: paymentMode,
      payment_type: paymentType,
    };
    // The amount is sent only when known: the server checks it is what the payment collects.
    if (partial && partialAmount !== null) body.payment_amount = paiseToRupees(partialAmount);
    else if (!partial && preview.ok) body.payment_amount = paiseToRupees(preview.collected);
    if (extra !== null && extra > 0) body.late_charge_amount = paiseToRupees(extra);
    try {
      const answer = await run(body, (idempotencyKey) => {
        onStart?.();
        return pay.mutateAsync({
          loanId: target.loanId,
          emiNumber: target.emiNumber,
          body,
          idempotencyKey,
        });
      });
      if (answer === undefined) return;
      const fallback =
        paymentType === 'partial' && preview.ok
          ? emiMessages.partiallyPaid(collected, preview.remaining)
          : emiMessages.fullyPaid(target.emiNumber);
      notifications.show({ color: 'green', message: answer.message || fallback });
      onPaid(answer);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, EMI_FAILURES.pay) });
      onFailed?.();
    }
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label="Payment Type"
        value={paymentType}
        onChange={(value) =>
          setPaymentType((PAYMENT_TYPES.find((type) => type === value) ?? 'full') as PaymentType)
        }
      >
        <Group gap="md" mt={6}>
          {PAYMENT_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={PAYMENT_TYPE_LABELS[type]}
              disabled={pending || (type === 'partial' && target.bounced)}
            />
          ))}
        </Group>
      </Radio.Group>
      {target.bounced ? (
        <Alert color="gray" p="xs">
          Partial payment is not available for a bounced EMI.
        </Alert>
      ) : null}
      {partial ? (
        <RupeeInput
          label="Partial Amount (₹)"
          placeholder="Amount received"
          max={paiseToRupees(partialInputMax(target.amount, target.latestLateCharge))}
          allowNegative={false}
          clampBehavior="none"
          value={partialText}
          onChange={setPartialText}
          error={partialError}
          description={`Up to the EMI amount, ${exact(target.amount)}`}
          disabled={pending}
          data-autofocus
        />
      ) : null}
      <Select
        label="Payment Mode"
        data={PAYMENT_MODE_OPTIONS}
        allowDeselect={false}
        value={paymentMode}
        onChange={(value) =>
          setPaymentMode((PAYMENT_MODES.find((mode) => mode === value) ?? 'cash') as PaymentMode)
        }
        disabled={pending}
        comboboxProps={{ withinPortal: true }}
      />
      <RupeeInput
        label="Late Charge at Collection (₹)"
        description="Optional: an extra charge levied now"
        placeholder="0"
        allowNegative={false}
        value={extraText}
        onChange={setExtraText}
        error={extraOk ? null : 'Enter an amount of ₹0 or more'}
        disabled={pending}
      />
      <PaymentPreview
        target={target}
        paymentType={paymentType}
        preview={preview}
        extra={extraOk ? (extra ?? 0) : 0}
        partialAmount={partialOk ? partialAmount : null}
        knowsNextEmi={target.wholeLoan}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button color="green" onClick={() => void handleConfirm()} disabled={!canConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
};
