import type { TParTrend } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** GET /portfolio/par-trend: PAR30 at the end of each of the last 90 days. */
export const fetchParTrend = (signal?: AbortSignal) =>
  api.get<TParTrend>('/portfolio/par-trend', { query: { days: 90 }, signal });

export const parTrendQueryOptions = () =>
  queryOptions({ queryKey: ['portfolio', 'par-trend'], queryFn: ({ signal }) => fetchParTrend(signal) });

export const useParTrend = () => useQuery(parTrendQueryOptions());
