import {
  SUPPORT_PAGE_SIZE,
  SUPPORT_SEARCH_DEBOUNCE_MS,
  SUPPORT_TOAST_MS,
  type SupportStatus,
} from '@lending/domain';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { SectionLoader } from '../../../components/loading-or-failed';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { StatCards } from '../../../components/stat-cards';
import { useListFilters } from '../../../lib/use-list-filters';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { NO_SUPPORT_FILTERS, useSupportMessages } from '../api/list-support-messages';
import { useUpdateSupportStatus } from '../api/update-support-status';
import { SupportFilters } from '../components/support-filters';
import { SupportMessageCard } from '../components/support-message-card';

export const SUPPORT_LOAD_FAILED = 'Failed to fetch support messages';
export const SUPPORT_STATUS_UPDATED = 'Status updated successfully';
export const SUPPORT_STATUS_FAILED = 'Failed to update status';
export const NO_SUPPORT_MESSAGES = 'No Support Messages';

const toast = (outcome: 'success' | 'error', message: string) =>
  notifications.show({
    color: outcome === 'success' ? 'green' : 'red',
    message,
    autoClose: SUPPORT_TOAST_MS[outcome],
  });

/** "Showing 11–20 of 45" for the page shown. */
const summaryOf = (page: number, shown: number, total: number) =>
  total === 0
    ? 'Showing 0 of 0'
    : `Showing ${(page - 1) * SUPPORT_PAGE_SIZE + 1}–${(page - 1) * SUPPORT_PAGE_SIZE + shown} of ${total}`;

/** Support Messages (/admin/support-messages; admins and the superadmin). */
export const SupportMessagesPage = () => {
  const [page, setPage] = useState(1);
  const filters = useListFilters({
    blank: NO_SUPPORT_FILTERS,
    debounced: ['search'],
    debounceMs: SUPPORT_SEARCH_DEBOUNCE_MS,
    onApply: () => setPage(1),
  });
  const list = useSupportMessages(filters.applied, page);
  const update = useUpdateSupportStatus();
  const [updating, setUpdating] = useState<number | null>(null);

  const { isError } = list;
  useQueryFailure(list, () => toast('error', SUPPORT_LOAD_FAILED));

  const data = isError ? undefined : list.data;
  const messages = data?.messages ?? [];
  const total = data?.total ?? 0;
  const counts = data?.counts ?? { Pending: 0, 'In-Progress': 0, Resolved: 0 };

  const handleStatus = async (id: number, status: SupportStatus) => {
    setUpdating(id);
    try {
      await update.mutateAsync({ id, status });
      toast('success', SUPPORT_STATUS_UPDATED);
    } catch (error) {
      toast('error', errorMessage(error, SUPPORT_STATUS_FAILED));
    } finally {
      setUpdating(null);
    }
  };

  const goTo = (next: number) => {
    window.scrollTo({ top: 0 });
    setPage(next);
  };

  return (
    <Stack gap="md" data-testid="page-support-messages">
      <Group gap="sm" align="center">
        <PageTitle testId="support-messages-title" title="Support Messages" />
        <Badge size="lg" variant="light" data-testid="support-total">
          {total}
        </Badge>
      </Group>
      <StatCards
        testIdPrefix="support-card"
        span={{ base: 12, xs: 4 }}
        cards={[
          { label: 'Pending', value: counts.Pending, color: 'yellow' },
          { label: 'In-Progress', value: counts['In-Progress'], color: 'blue' },
          { label: 'Resolved', value: counts.Resolved, color: 'green' },
        ]}
      />
      <SupportFilters state={filters} />
      <Text size="sm" c="dimmed" data-testid="support-summary">
        {`${summaryOf(page, messages.length, total)} · Page ${page} of ${Math.max(data?.totalPages ?? 0, 1)}`}
      </Text>
      {list.isPending ? (
        <SectionLoader />
      ) : messages.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {NO_SUPPORT_MESSAGES}
        </Text>
      ) : (
        messages.map((message) => (
          <SupportMessageCard
            key={message.id}
            message={message}
            busy={updating === message.id}
            onStatusChange={(status) => void handleStatus(message.id, status)}
          />
        ))
      )}
      <Pager page={page} totalPages={data?.totalPages ?? 0} onChange={goTo} />
    </Stack>
  );
};
