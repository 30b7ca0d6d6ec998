import { hasAnyRole, type TMessageListResponse, type TMessageView } from '@lending/domain';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useCurrentUser } from '../../../lib/session';
import { useRetryMessage } from '../api/retry-message';
import { MessageTextModal } from './message-text-modal';
import { MessagesTable } from './messages-table';

export const MESSAGE_LIST_TEXTS = {
  loading: 'Loading messages...',
  failed: 'Failed to load messages',
  retryFailed: 'Failed to queue the message again',
} as const;

type TMessageListProps = {
  list: UseInfiniteQueryResult<InfiniteData<TMessageListResponse, unknown>>;
  /** What the list says when the filter finds nothing. */
  emptyText: string;
  withBorrower: boolean;
  'aria-label': string;
};

const countOf = (page: TMessageListResponse | undefined): number | null =>
  page?.counts == null ? null : Object.values(page.counts).reduce((sum, count) => sum + count, 0);

/**
 * Pages of messages with Load more (the server's `next_before` cursor), each readable in full and,
 * for admins, a failed one queued again. A failed later page keeps the rows shown and offers the
 * next page again.
 */
export const MessageList = ({ list, emptyText, withBorrower, 'aria-label': label }: TMessageListProps) => {
  const { user } = useCurrentUser();
  // Superadmins pass the admins' guard too (hasAnyRole); agents never see the log.
  const mayRetry = hasAnyRole(user, ['admin']);
  const retrier = useRetryMessage();
  const [retrying, setRetrying] = useState<number | null>(null);
  const [reading, setReading] = useState<TMessageView | null>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const firstFailed = list.isError && !isFetchNextPageError;
  const pages = firstFailed ? [] : (list.data?.pages ?? []);
  const messages = pages.flatMap((page) => page.messages);
  const total = countOf(pages[0]);
  const empty =
    messages.length > 0
      ? null
      : list.isPending
        ? MESSAGE_LIST_TEXTS.loading
        : firstFailed
          ? errorMessage(list.error, MESSAGE_LIST_TEXTS.failed)
          : emptyText;

  const handleRetry = async (message: TMessageView) => {
    setRetrying(message.id);
    try {
      const answer = await retrier.mutateAsync(message.id);
      notifications.show({ color: 'green', message: answer.message });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, MESSAGE_LIST_TEXTS.retryFailed) });
    } finally {
      setRetrying(null);
    }
  };

  return (
    <Stack gap="sm">
      <MessagesTable
        messages={messages}
        empty={empty}
        withBorrower={withBorrower}
        onRetry={mayRetry ? (message) => void handleRetry(message) : undefined}
        retrying={retrying}
        onRead={setReading}
        aria-label={label}
      />
      {isFetchNextPageError ? <Alert color="red">{MESSAGE_LIST_TEXTS.failed}</Alert> : null}
      {hasNextPage && !firstFailed ? (
        <Group justify="center">
          <Button variant="subtle" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {total === null ? 'Load more' : `Load more (${messages.length} of ${total} shown)`}
          </Button>
        </Group>
      ) : null}
      <MessageTextModal message={reading} onClose={() => setReading(null)} />
    </Stack>
  );
};
