import type { TCreditScoreResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { reportsQueryKey } from './list-reports';

/** GET /reports/score?customer_id= → the customer's credit score, band and the counts behind it. */
export const fetchCreditScore = (customerId: number, signal?: AbortSignal): Promise<TCreditScoreResponse> =>
  api.get<TCreditScoreResponse>('/reports/score', { query: { customer_id: customerId }, signal });

export const creditScoreQueryOptions = (customerId: number) =>
  queryOptions({
    queryKey: [...reportsQueryKey, 'score', customerId],
    queryFn: ({ signal }) => fetchCreditScore(customerId, signal),
  });

export const useCreditScore = (customerId: number | null) =>
  useQuery({ ...creditScoreQueryOptions(customerId ?? 0), enabled: customerId !== null });
