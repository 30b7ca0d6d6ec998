import { isRemoveAllConfirmed, TOKEN_TOAST_MS, type TTokenRecord, tokenMessages } from '@lending/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { confirmAction } from '../../../components/confirm';
import { PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { useQueryFailure } from '../../../lib/use-query-failure';
import { useCleanupTokens } from '../api/cleanup-tokens';
import type { TTokenRef } from '../api/get-token';
import { useTokenStats } from '../api/get-token-stats';
import { EMPTY_TOKEN_FILTERS, type TTokenFilters, useTokens } from '../api/list-tokens';
import { useRemoveAllTokens } from '../api/remove-all-tokens';
import { useRevokeToken } from '../api/revoke-token';
import { RemoveAllModal } from '../components/remove-all-modal';
import { TokenDetailsModal } from '../components/token-details-modal';
import { TokenFilters } from '../components/token-filters';
import { TokenStatsCards } from '../components/token-stats-cards';
import { TokenTable } from '../components/token-table';

/** Toasts on this page close after 1 s. */
const toast = (color: 'red' | 'green', message: string) =>
  notifications.show({ color, message, autoClose: TOKEN_TOAST_MS });

/** Token Management (/admin/token-management, superadmin): every session, its counts, ending them. */
export const TokenManagementPage = () => {
  const [draft, setDraft] = useState<TTokenFilters>(EMPTY_TOKEN_FILTERS);
  const [applied, setApplied] = useState<TTokenFilters>(EMPTY_TOKEN_FILTERS);
  const [page, setPage] = useState(1);
  const [details, setDetails] = useState<TTokenRef | null>(null);
  const [removing, setRemoving] = useState(false);
  const list = useTokens(applied, page);
  const stats = useTokenStats();
  const revoker = useRevokeToken();
  const cleaner = useCleanupTokens();
  const remover = useRemoveAllTokens();

  const { isError } = list;
  useQueryFailure(list, (error) => toast('red', errorMessage(error, tokenMessages.fetchFailed)));

  // 'Last used' is told against the moment the list was read.
  const now = new Date(list.dataUpdatedAt || Date.now());
  const tokens = isError ? [] : (list.data?.tokens ?? []);
  const pagination = list.data?.pagination;

  const apply = (filters: TTokenFilters) => {
    setApplied(filters);
    setPage(1);
  };

  const handleRevoke = async (token: TTokenRecord) => {
    const confirmed = await confirmAction({
      title: 'Revoke token',
      message: `Revoke this session of ${token.User.name}? It is signed out at once.${token.is_current ? ' This is your current session.' : ''}`,
      confirmLabel: 'Revoke',
    });
    if (!confirmed) return;
    try {
      const answer = await revoker.mutateAsync({ userId: token.user_id, tokenHash: token.access_token_hash });
      toast('green', answer.message);
    } catch (failure) {
      toast('red', errorMessage(failure, tokenMessages.revokeFailed));
    }
  };

  const handleCleanup = async () => {
    const confirmed = await confirmAction({
      title: 'Cleanup expired tokens',
      message: 'Delete every expired or revoked token?',
      confirmLabel: 'Cleanup',
    });
    if (!confirmed) return;
    try {
      const answer = await cleaner.mutateAsync();
      toast('green', `Cleaned up ${answer.cleaned_count} tokens`);
    } catch (failure) {
      toast('red', errorMessage(failure, tokenMessages.cleanupFailed));
    }
  };

  const handleRemoveAll = async (typed: string) => {
    setRemoving(false);
    if (!isRemoveAllConfirmed(typed)) return toast('red', tokenMessages.removeAllCancelled);
    try {
      const answer = await remover.mutateAsync();
      toast('green', `Removed ${answer.deleted_count} tokens. Your current session was kept.`);
    } catch (failure) {
      toast('red', errorMessage(failure, tokenMessages.removeAllFailed));
    }
  };

  return (
    <Stack gap="md" data-testid="page-token-management">
      <PageHeader testId="token-management-title" title="Token Management">
        <Button variant="default" loading={cleaner.isPending} onClick={() => void handleCleanup()}>
          Cleanup Expired
        </Button>
        <Button color="red" leftSection={<IconTrash size={16} />} onClick={() => setRemoving(true)}>
          Remove All Tokens
        </Button>
      </PageHeader>
      <TokenStatsCards stats={stats.data} />
      <TokenFilters
        draft={draft}
        onDraftChange={setDraft}
        onApply={() => apply(draft)}
        onReset={() => {
          setDraft(EMPTY_TOKEN_FILTERS);
          apply(EMPTY_TOKEN_FILTERS);
        }}
      />
      <TokenTable
        tokens={tokens}
        loading={list.isPending}
        now={now}
        onDetails={(token) => setDetails({ userId: token.user_id, tokenHash: token.access_token_hash })}
        onRevoke={(token) => void handleRevoke(token)}
      />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="token-page-info">
          {`${pagination?.total_items ?? 0} tokens · Page ${pagination?.current_page ?? page} of ${Math.max(pagination?.total_pages ?? 1, 1)}`}
        </Text>
        <Pager page={page} totalPages={pagination?.total_pages ?? 0} onChange={setPage} />
      </Group>
      <TokenDetailsModal tokenRef={details} now={now} onClose={() => setDetails(null)} />
      <RemoveAllModal
        opened={removing}
        busy={remover.isPending}
        onClose={() => setRemoving(false)}
        onConfirm={(typed) => void handleRemoveAll(typed)}
      />
    </Stack>
  );
};
