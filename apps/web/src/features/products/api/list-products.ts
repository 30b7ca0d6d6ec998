import type { TLoanProductsResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { loanProductsKey } from './keys';

/** GET /loan-products → every product, active first then by name (archived ones too). */
export const fetchLoanProducts = (signal?: AbortSignal) =>
  api.get<TLoanProductsResponse>('/loan-products', { signal });

export const loanProductsQueryOptions = () =>
  queryOptions({
    queryKey: [...loanProductsKey, 'all'],
    queryFn: ({ signal }) => fetchLoanProducts(signal),
    retry: false,
  });

export const useLoanProducts = () => useQuery(loanProductsQueryOptions());
