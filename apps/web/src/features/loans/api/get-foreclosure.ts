import type { TForeclosureDetails } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** GET /loans/{id}/foreclosure → pending totals and the foreclosure_* fields. */
export const fetchForeclosure = (id: number, signal?: AbortSignal): Promise<TForeclosureDetails> =>
  api.get<TForeclosureDetails>(`/loans/${id}/foreclosure`, { signal });

export const foreclosureQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['loans', 'foreclosure', id],
    queryFn: ({ signal }) => fetchForeclosure(id, signal),
    staleTime: 0,
  });

export const useForeclosure = (id: number | null) =>
  useQuery({ ...foreclosureQueryOptions(id ?? 0), enabled: id !== null });
