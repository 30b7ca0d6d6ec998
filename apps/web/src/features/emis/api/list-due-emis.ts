import type { EmiStatus, TDueEmisResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { emiKeys } from './keys';

/** The Payments Due filters: a YYYY-MM-DD date, a search and an EMI status. */
export type TDueFilters = { date: string; search: string; status: EmiStatus };

/** GET /loans/emis/due?date&search&status&_t (`_t` busts caches: the list must be live). */
export const fetchDueEmis = (filters: TDueFilters, signal?: AbortSignal): Promise<TDueEmisResponse> =>
  api.get<TDueEmisResponse>('/loans/emis/due', { query: { ...filters, _t: Date.now() }, signal });

export const dueEmisQueryOptions = (filters: TDueFilters) =>
  queryOptions({
    queryKey: [...emiKeys.due, filters],
    queryFn: ({ signal }) => fetchDueEmis(filters, signal),
    staleTime: 0,
  });

/** `enabled` waits for the business day, so the first load asks for the right date. */
export const useDueEmis = (filters: TDueFilters, enabled = true) =>
  useQuery({ ...dueEmisQueryOptions(filters), enabled });
