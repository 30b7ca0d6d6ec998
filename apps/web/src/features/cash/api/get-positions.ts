import type { TCashPositionsResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cashQueryKey } from '../../../api/cash';
import { api } from '../../../api/client';

/** GET /cash/positions: every collector's cash in hand today. */
export const fetchCashPositions = (signal?: AbortSignal): Promise<TCashPositionsResponse> =>
  api.get<TCashPositionsResponse>('/cash/positions', { signal });

export const cashPositionsQueryOptions = () =>
  queryOptions({
    queryKey: [...cashQueryKey, 'positions'],
    queryFn: ({ signal }) => fetchCashPositions(signal),
  });

export const useCashPositions = () => useQuery(cashPositionsQueryOptions());
