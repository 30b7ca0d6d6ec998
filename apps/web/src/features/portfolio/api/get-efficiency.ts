import type { EfficiencyPeriod, TPortfolioEfficiency } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** GET /portfolio/efficiency: collected ÷ due in the day, week or month holding `date` ('' = today). */
export const fetchEfficiency = (period: EfficiencyPeriod, date: string, signal?: AbortSignal) =>
  api.get<TPortfolioEfficiency>('/portfolio/efficiency', { query: { period, date }, signal });

export const efficiencyQueryOptions = (period: EfficiencyPeriod, date: string) =>
  queryOptions({
    queryKey: ['portfolio', 'efficiency', period, date],
    queryFn: ({ signal }) => fetchEfficiency(period, date, signal),
    placeholderData: keepPreviousData,
  });

export const useEfficiency = (period: EfficiencyPeriod, date: string) =>
  useQuery(efficiencyQueryOptions(period, date));
