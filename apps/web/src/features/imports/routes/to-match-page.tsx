import { IMPORT_PAGE_SIZE, type TCollectionToMatch } from '@lending/domain';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../api/client';
import { PageTitle } from '../../../components/page-title';
import { Pager } from '../../../components/pager';
import { StatCards } from '../../../components/stat-cards';
import { formatMoneyExact } from '../../../lib/format';
import { showingRange } from '../../../lib/paging';
import { useToMatch } from '../api/list-to-match';
import { DismissDialog } from '../components/dismiss-dialog';
import { MatchDialog } from '../components/match-dialog';
import { ToMatchTable } from '../components/to-match-table';
import { formatCount } from '../lib/imports';

export const TO_MATCH_LOAD_FAILED = 'Failed to load the collections to match';
export const NOTHING_TO_MATCH = 'No collections are waiting to be matched';

/**
 * Collections to match (/admin/import/to-match, admin and superadmin): imported collections no loan
 * was found for. Each is paid to the loan chosen, or dismissed with a reason.
 */
export const ToMatchPage = () => {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page'));
  const page = Number.isInteger(asked) && asked > 1 ? asked : 1;
  const list = useToMatch(page);
  const [matching, setMatching] = useState<TCollectionToMatch | null>(null);
  const [dismissing, setDismissing] = useState<TCollectionToMatch | null>(null);
  const data = list.isError ? undefined : list.data;
  const collections = data?.collections ?? [];
  const empty =
    collections.length > 0
      ? null
      : list.isPending
        ? 'Loading the collections...'
        : list.isError
          ? errorMessage(list.error, TO_MATCH_LOAD_FAILED)
          : NOTHING_TO_MATCH;

  return (
    <Stack gap="md" data-testid="page-to-match">
      <Anchor component={Link} to="/admin/import" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} aria-hidden /> Back to import
      </Anchor>
      <PageTitle
        testId="to-match-title"
        title="Collections to match"
        subtitle="Imported collections no loan was found for: match each to its loan, or dismiss it"
      />
      <StatCards
        testIdPrefix="to-match"
        span={{ base: 12, xs: 6, md: 3 }}
        cards={[
          { id: 'count', label: 'Waiting', value: data === undefined ? '-' : formatCount(data.total) },
          {
            id: 'amount',
            label: 'Total amount',
            value: data === undefined ? '-' : formatMoneyExact(data.totalAmount),
          },
        ]}
      />
      <ToMatchTable collections={collections} empty={empty} onMatch={setMatching} onDismiss={setDismissing} />
      <Text size="sm" c="dimmed" data-testid="to-match-summary">
        {showingRange(page, IMPORT_PAGE_SIZE, data?.total ?? 0)}
      </Text>
      <Pager
        page={page}
        totalPages={data?.totalPages ?? 0}
        onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
      />
      <MatchDialog collection={matching} onClose={() => setMatching(null)} />
      <DismissDialog collection={dismissing} onClose={() => setDismissing(null)} />
    </Stack>
  );
};
