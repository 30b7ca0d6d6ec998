import type { IsoDate } from '@lending/domain';
import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { SectionLoader } from '../../../components/loading-or-failed';
import { PageHeader } from '../../../components/page-header';
import { RefreshButton } from '../../../components/refresh-button';
import { clockQueryOptions, istToday } from '../../../lib/business-today';
import { useListFilters } from '../../../lib/use-list-filters';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { messageKeys } from '../api/keys';
import { useMessages } from '../api/list-messages';
import { MessageFilters } from '../components/message-filters';
import { MESSAGE_LIST_TEXTS, MessageList } from '../components/message-list';
import { MessageStatusCards } from '../components/message-status-cards';
import { messageFilterOptions, messageParamsOf } from '../lib/message-filters';

export const NO_MESSAGES = 'No messages match these filters';

type TMessageLogProps = { today: IsoDate };

const MessageLog = ({ today }: TMessageLogProps) => {
  const filters = useListFilters({ ...messageFilterOptions(today), onApply: () => {} });
  const list = useMessages(filters.applied);
  useQueryFailure(list, (error) =>
    notifications.show({ color: 'red', message: errorMessage(error, MESSAGE_LIST_TEXTS.failed) }),
  );

  // The applied filters go to the address bar, so a reload or a shared link shows the same messages.
  const [, setParams] = useSearchParams();
  const appliedKey = JSON.stringify(filters.applied);
  // biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey stands for the applied filters
  useEffect(() => {
    setParams(messageParamsOf(filters.applied), { replace: true });
  }, [appliedKey]);

  const first = list.isError ? undefined : list.data?.pages[0];

  return (
    <>
      <MessageFilters state={filters} />
      <MessageStatusCards counts={first?.counts ?? null} />
      <MessageList list={list} emptyText={NO_MESSAGES} withBorrower aria-label="Messages" />
    </>
  );
};

/** The message log (/admin/messages, admins and superadmins): every SMS, WhatsApp and e-mail to borrowers. */
export const MessageLogPage = () => {
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: messageKeys.list }) > 0;
  // The log opens on the server's business day (pinned in demos), so it waits for the clock rather
  // than asking first for the browser's day; without an answer the browser's stands in.
  const clock = useQuery(clockQueryOptions());
  const settled = clock.status !== 'pending' || clock.fetchStatus === 'idle';
  return (
    <Stack gap="md" data-testid="page-messages">
      <PageHeader
        testId="messages-title"
        title="Messages"
        subtitle="Every SMS, WhatsApp and e-mail written to borrowers: how far it got, and why it failed"
      >
        <RefreshButton
          loading={refreshing}
          onClick={() => void queryClient.invalidateQueries({ queryKey: messageKeys.list })}
        />
      </PageHeader>
      {settled ? (
        <MessageLog today={clock.data?.today ?? istToday()} />
      ) : (
        <SectionLoader label="Loading messages" />
      )}
    </Stack>
  );
};
