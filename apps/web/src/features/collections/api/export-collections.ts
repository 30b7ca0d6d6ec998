import { useMutation } from '@tanstack/react-query';
import { saveExport } from '../../../api/save-export';
import { istDayRange } from '../lib/day-range';
import type { TCollectionFilters } from './get-collection-report';

/**
 * GET /loans/agent/collection-report/export with the applied filters: the server writes every record
 * they match (not the page on screen) and streams it; saved under the server's name.
 */
export const exportCollections = async ({
  filters,
  today,
}: {
  filters: TCollectionFilters;
  today: string;
}): Promise<string> => {
  return saveExport(
    '/loans/agent/collection-report/export',
    {
      search: filters.search,
      agentId: filters.agentId,
      kind: filters.kind === 'all' ? undefined : filters.kind,
      ...istDayRange(filters.from === '' ? null : filters.from, filters.to === '' ? null : filters.to),
    },
    `agent_collections_${today}.csv`,
  );
};

export const useExportCollections = () => useMutation({ mutationFn: exportCollections });
