import {
  groupOverdueByLoan,
  roleNameOf,
  rupeesToPaise,
  type TOverdueLoanGroup,
  type TPayOverdueResponse,
  type TQueuedCollection,
} from '@lending/domain';
import { Group, Loader, Modal, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useMyCashPosition } from '../../../api/cash';
import { PageTitle } from '../../../components/page-title';
import { SearchInput } from '../../../components/search-input';
import { formatMoneyExact } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session/me';
import { usePhone } from '../../../lib/use-phone';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useAgentOverdue } from '../api/list-overdue';
import { useUpcomingEmis } from '../api/list-upcoming';
import { AgentStatCards } from '../components/agent-stat-cards';
import { CollectModal } from '../components/collect-modal';
import { OverdueDetailsModal } from '../components/overdue-details-modal';
import { OverdueList, type TOverdueView } from '../components/overdue-list';
import { PendingReceiptModal } from '../components/pending-receipt-modal';
import { ReceiptModal, type TCollectedReceipts } from '../components/receipt-modal';
import { SyncPanel } from '../components/sync-panel';
import { UpcomingTable } from '../components/upcoming-table';
import { formatPaise } from '../lib/format';
import { agentSuccessRate } from '../lib/success-rate';
import { useOfflineSync } from '../lib/use-offline-sync';

/** The search waits this long after typing stops. */
const AGENT_SEARCH_DEBOUNCE_MS = 300;

export const AGENT_FETCH_FAILED = 'Failed to fetch agent collections';

type TOpenModal =
  | { kind: 'details' | 'collect'; group: TOverdueLoanGroup }
  | { kind: 'receipt'; collected: TCollectedReceipts }
  | { kind: 'pending'; item: TQueuedCollection };

/** The field agent's dashboard (/agent-dashboard); `banner`: today's holiday, composed in by the app. */
export const AgentDashboardPage = ({ banner }: { banner?: ReactNode }) => {
  const phone = usePhone();
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), AGENT_SEARCH_DEBOUNCE_MS);
  const [view, setView] = useState<TOverdueView>('summary');
  const [modal, setModal] = useState<TOpenModal | null>(null);
  const { user } = useCurrentUser();
  // Only a field agent's own data is kept on the phone and worked offline; the office reads live.
  const agentId = user !== null && roleNameOf(user) === 'agent' ? user.id : null;
  const keep = agentId !== null;
  const overdue = useAgentOverdue(search, keep);
  // The cards describe the whole book, whatever the search (the same query when nothing is typed).
  const everything = useAgentOverdue('', keep);
  const upcoming = useUpcomingEmis(keep);
  const offline = useOfflineSync(agentId, everything.dataUpdatedAt);
  const cash = useMyCashPosition();

  const { isError } = overdue;
  useQueryFailure(overdue, () => notifications.show({ color: 'red', message: AGENT_FETCH_FAILED }));

  const { waitingLoans } = offline;
  // A loan whose overdue EMIs were collected on the phone shows as collected until it syncs.
  const groups = useMemo(
    () =>
      isError
        ? []
        : groupOverdueByLoan(overdue.data?.pages.flatMap((page) => page.results) ?? []).filter(
            (group) => !waitingLoans.has(group.loan_id),
          ),
    [overdue.data, isError, waitingLoans],
  );
  // The cards come from the server's totals over the whole book (SQL), never from a loaded page.
  const book = everything.isError ? undefined : everything.data?.pages[0];
  const totalCount = book?.totalCount ?? 0;
  const overdueLoans = book?.overdueLoans ?? 0;
  const totalDue = rupeesToPaise(book?.totalDue ?? 0);
  // The footer counts what the list shows: EMIs of loans collected on the phone leave both figures.
  const collectedOnPhone = useMemo(
    () =>
      (overdue.data?.pages ?? []).reduce(
        (sum, page) => sum + page.results.filter((row) => waitingLoans.has(row.loan_id)).length,
        0,
      ),
    [overdue.data, waitingLoans],
  );
  const loadedRows =
    (overdue.data?.pages.reduce((sum, page) => sum + page.results.length, 0) ?? 0) - collectedOnPhone;
  const listTotal = Math.max((overdue.data?.pages[0]?.totalCount ?? 0) - collectedOnPhone, loadedRows);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = overdue;

  const handleCollected = (answer: TPayOverdueResponse) =>
    setModal({
      kind: 'receipt',
      collected: {
        message: answer.message,
        totalCollected: answer.total_collected,
        receipts: answer.receipts,
      },
    });
  const handleClose = () => setModal(null);
  const openDetails = useCallback((group: TOverdueLoanGroup) => setModal({ kind: 'details', group }), []);
  const openCollect = useCallback((group: TOverdueLoanGroup) => setModal({ kind: 'collect', group }), []);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  // The lists are the screen's heaviest parts: each query's answer comes as an urgent update, and
  // the lists are drawn from deferred copies, in slices a slow phone can interrupt.
  const canLoadMore = hasNextPage && !isFetchingNextPage;
  const shownGroups = useDeferredValue(groups);
  const shownLoading = useDeferredValue(overdue.isPending);
  const overdueList = useMemo(
    () => (
      <OverdueList
        search={search}
        groups={shownGroups}
        view={view}
        phone={phone}
        loading={shownLoading}
        canLoadMore={canLoadMore}
        onNearEnd={loadMore}
        onDetails={openDetails}
        onCollect={openCollect}
      />
    ),
    [search, shownGroups, view, phone, shownLoading, canLoadMore, loadMore, openDetails, openCollect],
  );
  const upcomingAnswer = useDeferredValue(upcoming);
  const upcomingTable = useMemo(
    () => (
      <UpcomingTable
        emis={upcomingAnswer.data?.results ?? []}
        loading={upcomingAnswer.isPending}
        failed={upcomingAnswer.isError}
        phone={phone}
      />
    ),
    [upcomingAnswer.data, upcomingAnswer.isPending, upcomingAnswer.isError, phone],
  );
  const groupOf = (kind: 'details' | 'collect') => (modal?.kind === kind ? modal.group : null);

  return (
    <Stack gap="md" data-testid="page-agent-dashboard">
      <PageTitle testId="agent-dashboard-title" title="Agent Dashboard" />
      {banner}
      {agentId === null ? null : (
        <SyncPanel
          online={offline.online}
          lastSynced={offline.lastSynced}
          queue={offline.queue}
          synced={offline.synced}
          syncing={offline.syncing}
          onSync={() => void offline.sync()}
          onDrop={(item) => void offline.handleDrop(item)}
          onHold={(item) => void offline.handleHold(item)}
        />
      )}
      <AgentStatCards
        totalOverdue={String(totalCount)}
        overdueLoans={overdueLoans}
        totalDue={formatPaise(totalDue)}
        upcoming={String(upcoming.data?.results.length ?? 0)}
        successRate={`${agentSuccessRate(overdueLoans)}%`}
        cashInHand={cash.data ? formatMoneyExact(cash.data.position.in_hand) : '—'}
        cashOverdue={cash.data?.position.overdue ?? false}
      />
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="h4">
              Overdue EMIs
            </Title>
            <SegmentedControl
              size="xs"
              aria-label="View"
              value={view}
              onChange={(value) => setView(value === 'details' ? 'details' : 'summary')}
              data={[
                { value: 'summary', label: 'Summary' },
                { value: 'details', label: 'Details' },
              ]}
            />
          </Group>
          <SearchInput
            placeholder="Search customer name, mobile or loan code"
            value={searchText}
            onValueChange={setSearchText}
          />
          {overdueList}
          {groups.length === 0 ? null : (
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed" data-testid="overdue-loaded">
                {`${groups.length} loan${groups.length === 1 ? '' : 's'} · ${loadedRows} of ${listTotal} overdue EMIs loaded`}
              </Text>
              {isFetchingNextPage ? <Loader size="xs" aria-label="Loading more" /> : null}
            </Group>
          )}
        </Stack>
      </Paper>
      {upcomingTable}

      <Modal.Stack>
        <OverdueDetailsModal group={groupOf('details')} onClose={handleClose} onCollect={openCollect} />
        <CollectModal
          group={groupOf('collect')}
          agentId={agentId}
          onClose={handleClose}
          onCollected={handleCollected}
          onQueued={(item) => setModal({ kind: 'pending', item })}
        />
        <PendingReceiptModal item={modal?.kind === 'pending' ? modal.item : null} onClose={handleClose} />
        <ReceiptModal collected={modal?.kind === 'receipt' ? modal.collected : null} onClose={handleClose} />
      </Modal.Stack>
    </Stack>
  );
};
