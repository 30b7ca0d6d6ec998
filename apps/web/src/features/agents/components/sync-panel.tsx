import type { TQueuedCollection } from '@lending/domain';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { inIst } from '../../../lib/dayjs';
import { paymentModeLabel } from '../../../lib/payment-modes';
import { formatPaise } from '../lib/format';
import type { TSyncedCollection } from '../lib/offline-queue';

export const WAITING_TO_SYNC = 'Waiting to sync';

type TSyncPanelProps = {
  online: boolean;
  lastSynced: string | null;
  queue: TQueuedCollection[];
  synced: TSyncedCollection[];
  syncing: boolean;
  onSync: () => void;
  onDrop: (item: TQueuedCollection) => void;
  onHold: (item: TQueuedCollection) => void;
};

const hhmm = (iso: string) => inIst(iso).format('HH:mm');

const describe = (item: TQueuedCollection) =>
  `${item.loanCode} · ${item.kind === 'partial' ? `EMI #${item.emiNumbers[0]} partial` : `EMI #${item.emiNumbers.join(', #')}`} · ${paymentModeLabel(item.mode)} · collected ${hhmm(item.collectedAt)}`;

type TQueuedRowProps = Pick<TSyncPanelProps, 'online' | 'onDrop' | 'onHold'> & { item: TQueuedCollection };

const QueuedRow = ({ item, online, onDrop, onHold }: TQueuedRowProps) => (
  <Paper withBorder p="xs" radius="sm" data-testid={`queued-${item.loanCode}`}>
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" fw={600}>
        {item.customerName}
      </Text>
      <Text size="sm" fw={700}>
        {formatPaise(item.amount)}
      </Text>
    </Group>
    <Text size="xs" c="dimmed">
      {describe(item)}
    </Text>
    {item.conflict ? (
      <Alert color="red" p="xs" mt={4} title="Not synced: needs your decision">
        <Stack gap={4}>
          <Text size="sm">{item.conflict.message}</Text>
          <Text size="xs">
            The cash stays recorded here until you choose: keep it as the loan's credit held (the office
            applies or refunds it), or drop it once the office has recorded this cash another way.
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="filled" disabled={!online} onClick={() => onHold(item)}>
              Keep as credit held
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => onDrop(item)}>
              Drop this collection
            </Button>
          </Group>
        </Stack>
      </Alert>
    ) : (
      <Badge size="sm" color="orange" variant="light" mt={4}>
        {WAITING_TO_SYNC}
      </Badge>
    )}
  </Paper>
);

/**
 * The phone's side of the agent's day: online or not, when the data was last synced, the collections
 * waiting on the phone (a badge counts them) with any conflict and its choice, Sync now, and the
 * receipts the last syncs brought back.
 */
export const SyncPanel = ({
  online,
  lastSynced,
  queue,
  synced,
  syncing,
  onSync,
  onDrop,
  onHold,
}: TSyncPanelProps) => (
  <Paper withBorder p="sm" radius="md" data-testid="sync-panel">
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Badge color={online ? 'green' : 'gray'} variant="dot">
            {online ? 'Online' : 'Offline'}
          </Badge>
          <Text size="xs" c="dimmed" data-testid="last-synced">
            {lastSynced === null ? 'Not synced yet' : `Last synced ${hhmm(lastSynced)}`}
          </Text>
          {queue.length > 0 ? (
            <Badge color="orange" data-testid="unsynced-badge" aria-label={`${queue.length} unsynced`}>
              {`${queue.length} unsynced`}
            </Badge>
          ) : null}
        </Group>
        <Button size="xs" variant="light" onClick={onSync} loading={syncing} disabled={!online || syncing}>
          Sync now
        </Button>
      </Group>
      {queue.map((item) => (
        <QueuedRow key={item.key} item={item} online={online} onDrop={onDrop} onHold={onHold} />
      ))}
      {synced.slice(0, 5).map((entry) => (
        <Text key={entry.key} size="xs" c="dimmed" data-testid={`synced-${entry.item.loanCode}`}>
          {entry.heldAsCredit
            ? `Kept ${entry.item.loanCode} ${formatPaise(entry.item.amount)} as the loan's credit held`
            : `Synced ${entry.item.loanCode} ${formatPaise(entry.item.amount)} · receipt no. ${entry.receipts
                .map((receipt) => receipt.payment_id ?? '-')
                .join(', ')}`}
        </Text>
      ))}
    </Stack>
  </Paper>
);
