import type { TPortfolioSummary } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** GET /portfolio/summary: PAR, ageing and per-agent figures at the end of `asOf` ('' = today). */
export const fetchPortfolioSummary = (asOf: string, signal?: AbortSignal) =>
  api.get<TPortfolioSummary>('/portfolio/summary', { query: { asOf }, signal });

export const portfolioSummaryQueryOptions = (asOf: string) =>
  queryOptions({
    queryKey: ['portfolio', 'summary', asOf],
    queryFn: ({ signal }) => fetchPortfolioSummary(asOf, signal),
    placeholderData: keepPreviousData,
  });

export const usePortfolioSummary = (asOf: string) => useQuery(portfolioSummaryQueryOptions(asOf));
