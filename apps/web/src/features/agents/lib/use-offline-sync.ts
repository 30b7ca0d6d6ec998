import { type TQueuedCollection, waitingByLoan } from '@lending/domain';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../../api/client';
import { agentQueryKey } from '../api/list-overdue';
import { dropQueued, holdQueued, reportPhoneState, syncQueue, useOfflineQueue } from './offline-queue';
import { lastSyncedAt } from './offline-reads';

const useOnline = () => {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const handleOnline = () => setOnline(true);
    const handleOffline = () => setOnline(false);
    window.addEventListener('online', handleOnline);
    window.addEventListener('offline', handleOffline);
    return () => {
      window.removeEventListener('online', handleOnline);
      window.removeEventListener('offline', handleOffline);
    };
  }, []);
  return online;
};

/**
 * The field agent's offline state: the queue, when the data was last synced, the receipts synced
 * lately; the queue is sent when the phone comes back online, on opening the dashboard online, and
 * on Sync now. `agentId` null (the office) turns all of it off.
 */
export const useOfflineSync = (agentId: number | null, dataUpdatedAt: number) => {
  const queryClient = useQueryClient();
  const online = useOnline();
  const { queue, synced } = useOfflineQueue(agentId);
  const [syncing, setSyncing] = useState(false);
  const lastSynced = useQuery({
    queryKey: ['offline', 'last-synced', dataUpdatedAt],
    queryFn: lastSyncedAt,
    networkMode: 'always',
    enabled: agentId !== null,
  });

  const sync = useCallback(async () => {
    if (agentId === null) return;
    setSyncing(true);
    try {
      const result = await syncQueue(agentId);
      if (!result.offline) void reportPhoneState(agentId);
      if (result.synced > 0) {
        notifications.show({
          color: 'green',
          message: `${result.synced} collection${result.synced === 1 ? '' : 's'} synced`,
        });
      }
      // What the server now says is due (also after a conflict: someone else's payment shows).
      if (!result.offline && (result.synced > 0 || result.stoppedAt !== null))
        await queryClient.invalidateQueries({ queryKey: agentQueryKey });
      if (result.stoppedAt !== null)
        notifications.show({ color: 'red', message: 'A collection could not sync: see its message' });
    } finally {
      setSyncing(false);
    }
  }, [agentId, queryClient]);

  // Opening online, or the network coming back, starts a round (an empty queue sends nothing).
  useEffect(() => {
    if (online) void sync();
  }, [online, sync]);

  const handleDrop = useCallback(
    async (item: TQueuedCollection) => {
      await dropQueued(item.key);
      if (agentId !== null) void reportPhoneState(agentId);
    },
    [agentId],
  );

  // Keeping the cash as credit held needs the server: offline (or refused) the item stays queued.
  const handleHold = useCallback(
    async (item: TQueuedCollection) => {
      try {
        await holdQueued(item);
        notifications.show({ color: 'green', message: `${item.loanCode}: kept as the loan's credit held` });
        await queryClient.invalidateQueries({ queryKey: agentQueryKey });
        // The queue moves on behind the settled item.
        await sync();
      } catch (error) {
        notifications.show({
          color: 'red',
          message: isApiError(error)
            ? `Not recorded: ${error.message}`
            : 'Not recorded: no connection. The collection stays on the phone.',
        });
      }
    },
    [queryClient, sync],
  );

  const waitingLoans = useMemo(() => waitingByLoan(queue.filter((item) => item.kind === 'overdue')), [queue]);
  return {
    online,
    queue,
    waitingLoans,
    lastSynced: lastSynced.data ?? null,
    synced,
    syncing,
    sync,
    handleDrop,
    handleHold,
  };
};
