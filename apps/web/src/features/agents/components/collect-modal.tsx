import {
  PAYMENT_MODES,
  type PaymentMode,
  paiseToRupees,
  parseRupees,
  partialLimitOf,
  queuedCollectionOf,
  rupeesToPaise,
  type TOverdueLoanGroup,
  type TPayOverdueRequest,
  type TPayOverdueResponse,
  type TQueuedCollection,
} from '@lending/domain';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../api/client';
import { ResponsiveModal } from '../../../components/responsive-modal';
import { newIdempotencyKey, useIdempotencyKey } from '../../../lib/idempotency';
import { PAYMENT_MODE_OPTIONS } from '../../../lib/payment-modes';
import { useWhileOpen } from '../../../lib/use-while-open';
import { usePayOverdue, useSendCollection } from '../api/pay-overdue';
import { formatDay, formatPaise } from '../lib/format';
import { enqueueCollection } from '../lib/offline-queue';

export const COLLECT_TITLE = 'Collect Overdue Payment';
export const COLLECT_FAILED = 'Failed to record collection';
const LATE_CHARGE_ERROR = 'Late charges must be an amount of at least 0';
const partialError = (limit: number) => `A partial amount must be above ₹0 and at most ${formatPaise(limit)}`;

const Figure = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={strong ? 700 : 600} size={strong ? 'lg' : 'sm'}>
      {value}
    </Text>
  </Stack>
);

/** The late charge typed (rupees), null when blank, undefined when not a valid amount ≥ 0. */
const parseLateCharge = (value: number | string): number | null | undefined => {
  if (String(value).trim() === '') return null;
  const parsed = parseRupees(typeof value === 'number' ? value : value.trim());
  return parsed.ok && parsed.paise >= 0 ? paiseToRupees(parsed.paise) : undefined;
};

type TCollectFormProps = {
  group: TOverdueLoanGroup;
  /** The signed-in field agent: collections work offline (queued on the phone). Null for the office. */
  agentId: number | null;
  onClose: () => void;
  onCollected: (answer: TPayOverdueResponse, group: TOverdueLoanGroup) => void;
  /** A collection made offline was queued on the phone. */
  onQueued: (item: TQueuedCollection) => void;
};

const CollectForm = ({ group, agentId, onClose, onCollected, onQueued }: TCollectFormProps) => {
  const pay = usePayOverdue();
  const send = useSendCollection();
  const [mode, setMode] = useState<PaymentMode>('cash');
  const [lateCharge, setLateCharge] = useState<number | string>('');
  const [partial, setPartial] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const [partialFailure, setPartialFailure] = useState<string | null>(null);
  const busy = useRef(false);
  // One key per distinct request: a retry of the same collection replays it instead of paying twice.
  const keyFor = useIdempotencyKey();
  // A field agent's collection: one key (and one phone time) per opened dialog and amount.
  const pending = useRef<TQueuedCollection | null>(null);
  const extra = parseLateCharge(lateCharge);
  const partialAmount = parseLateCharge(partial);
  const limit = partialLimitOf(group);
  const total =
    typeof partialAmount === 'number'
      ? rupeesToPaise(partialAmount)
      : group.total_due + (typeof extra === 'number' ? rupeesToPaise(extra) : 0);

  const handleAgentSubmit = async (id: number) => {
    const lateChargePaise = typeof extra === 'number' ? rupeesToPaise(extra) : null;
    const partialPaise = typeof partialAmount === 'number' ? rupeesToPaise(partialAmount) : null;
    const fresh = queuedCollectionOf(group, {
      agentId: id,
      key: newIdempotencyKey(),
      mode,
      lateCharge: partialPaise === null ? lateChargePaise : null,
      partialAmount: partialPaise,
      now: new Date(),
    });
    const previous = pending.current;
    const same =
      previous !== null &&
      previous.kind === fresh.kind &&
      previous.amount === fresh.amount &&
      previous.mode === fresh.mode &&
      previous.lateCharge === fresh.lateCharge;
    const item = same ? previous : fresh;
    pending.current = item;
    const queue = async () => {
      await enqueueCollection(item);
      onQueued(item);
    };
    if (!navigator.onLine) return queue();
    try {
      const answer = await send.mutateAsync(item);
      notifications.show({ color: 'green', message: answer.message });
      onCollected(answer, group);
    } catch (failure) {
      // No answer: the cash is taken, so the collection waits on the phone under the same key.
      if (isApiError(failure) && failure.status === 0) return queue();
      notifications.show({ color: 'red', message: errorMessage(failure, COLLECT_FAILED) });
    }
  };

  const handleSubmit = async () => {
    if (busy.current) return;
    if (extra === undefined) {
      setError(LATE_CHARGE_ERROR);
      return;
    }
    if (
      partialAmount === undefined ||
      (typeof partialAmount === 'number' && (partialAmount <= 0 || rupeesToPaise(partialAmount) > limit))
    ) {
      setPartialFailure(partialError(limit));
      return;
    }
    if (agentId !== null) {
      busy.current = true;
      try {
        await handleAgentSubmit(agentId);
      } finally {
        busy.current = false;
      }
      return;
    }
    const body: TPayOverdueRequest = {
      loan_id: group.loan_id,
      payment_mode: mode,
      ...(extra === null ? {} : { late_charge_amount: extra }),
    };
    busy.current = true;
    try {
      const answer = await pay.mutateAsync({ body, idempotencyKey: keyFor(body) });
      notifications.show({ color: 'green', message: answer.message });
      onCollected(answer, group);
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, COLLECT_FAILED) });
    } finally {
      busy.current = false;
    }
  };

  return (
    <Stack gap="md">
      <SimpleGrid cols={2} spacing="sm" data-testid="collect-figures">
        <Figure label="Customer" value={group.customer_name} />
        <Figure label="Loan Code" value={group.loan_code} />
        <Figure label="Overdue EMIs" value={`${group.count} (since ${formatDay(group.overdue_since)})`} />
        <Figure label="EMI Numbers" value={group.overdue_emi_numbers.join(', ')} />
        <Figure label="EMI Amount" value={formatPaise(group.total_emi_amount)} />
        <Figure label="Pending Late Charges" value={formatPaise(group.total_late_charges)} />
        <Figure label="Total Due" value={formatPaise(group.total_due)} />
        <Figure label="Total to Collect" value={formatPaise(total)} strong />
      </SimpleGrid>
      <Select
        label="Payment Mode"
        data={PAYMENT_MODE_OPTIONS}
        value={mode}
        allowDeselect={false}
        onChange={(value) =>
          setMode((PAYMENT_MODES.find((candidate) => candidate === value) ?? 'cash') as PaymentMode)
        }
      />
      <NumberInput
        label="Late Charges"
        description="Optional: a late charge collected now, on top of the total due"
        placeholder="0"
        min={0}
        step={1}
        decimalScale={2}
        allowNegative={false}
        value={lateCharge}
        error={error}
        onChange={(value) => {
          setLateCharge(value);
          setError(null);
        }}
      />
      {agentId === null ? null : (
        <NumberInput
          label="Partial Amount"
          description={`Optional: part of EMI #${group.overdue_emi_numbers[0]} only (at most ${formatPaise(limit)})`}
          placeholder="Full collection"
          min={0}
          step={1}
          decimalScale={2}
          allowNegative={false}
          value={partial}
          error={partialFailure}
          onChange={(value) => {
            setPartial(value);
            setPartialFailure(null);
          }}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={pay.isPending}>
          Cancel
        </Button>
        <Button
          color="green"
          loading={pay.isPending || send.isPending}
          disabled={pay.isPending || send.isPending}
          onClick={() => void handleSubmit()}
        >
          Record Collection
        </Button>
      </Group>
    </Stack>
  );
};

type TCollectModalProps = Omit<TCollectFormProps, 'group'> & { group: TOverdueLoanGroup | null };

/** Collect Overdue Payment: totals, optional Late Charges (≥ 0), Record Collection. */
export const CollectModal = ({
  group: current,
  agentId,
  onClose,
  onCollected,
  onQueued,
}: TCollectModalProps) => {
  const group = useWhileOpen(current, current !== null);
  return (
    <ResponsiveModal
      stackId="agent-collect"
      opened={current !== null}
      onClose={onClose}
      title={COLLECT_TITLE}
    >
      {group === null ? null : (
        <CollectForm
          key={group.loan_id}
          group={group}
          agentId={agentId}
          onClose={onClose}
          onCollected={onCollected}
          onQueued={onQueued}
        />
      )}
    </ResponsiveModal>
  );
};
