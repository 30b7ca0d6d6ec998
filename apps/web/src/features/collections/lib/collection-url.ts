import { COLLECTION_KINDS, type TCollectionKind } from '@lending/domain';
import type { TCollectionFilters } from '../api/get-collection-report';

const isKind = (value: string | null): value is TCollectionKind =>
  COLLECTION_KINDS.some((kind) => kind === value);

/**
 * The report's filters as its URL carries them (the API's own names: startDate and endDate as
 * 'YYYY-MM-DD HH:mm:ss' IST, whose day is what counts), so a dashboard figure opens the report
 * already filtered. Unknown kinds read as every record.
 */
export const collectionFiltersOf = (params: URLSearchParams): TCollectionFilters => {
  const kind = params.get('kind');
  return {
    agentId: params.get('agentId') ?? '',
    search: params.get('search') ?? '',
    from: (params.get('startDate') ?? '').slice(0, 10),
    to: (params.get('endDate') ?? '').slice(0, 10),
    kind: isKind(kind) ? kind : 'all',
  };
};

/** The URL of applied filters: only what is set, whole days. */
export const collectionParamsOf = (filters: TCollectionFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.kind !== 'all') params.set('kind', filters.kind);
  if (filters.from !== '') params.set('startDate', `${filters.from} 00:00:00`);
  if (filters.to !== '') params.set('endDate', `${filters.to} 23:59:59`);
  if (filters.agentId !== '') params.set('agentId', filters.agentId);
  if (filters.search !== '') params.set('search', filters.search);
  return params;
};
