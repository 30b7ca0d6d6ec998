import type { TClassificationSummary } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { classificationQueryKey } from './keys';

/** GET /classification/summary → the latest close's NPA share of the book's outstanding principal. */
export const fetchClassificationSummary = (signal?: AbortSignal): Promise<TClassificationSummary> =>
  api.get<TClassificationSummary>('/classification/summary', { signal });

/** The dashboard card's figures; a failure shows as not available, not retried. */
export const classificationSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...classificationQueryKey, 'summary'],
    queryFn: ({ signal }) => fetchClassificationSummary(signal),
    retry: false,
  });

/** The NPA card's figures. */
export const useClassificationSummary = () => useQuery(classificationSummaryQueryOptions());
