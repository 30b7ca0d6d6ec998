import type { TLoanProductsResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** GET /loan-products?active=true → the products the Add Loan form offers. */
export const fetchActiveLoanProducts = (signal?: AbortSignal) =>
  api.get<TLoanProductsResponse>('/loan-products', { query: { active: 'true' }, signal });

// Under the Loan Products screen's key, so a product saved there refreshes this list too.
export const activeLoanProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['loan-products', 'active'],
    queryFn: ({ signal }) => fetchActiveLoanProducts(signal),
    staleTime: 60_000,
    retry: false,
  });

export const useActiveLoanProducts = () => useQuery(activeLoanProductsQueryOptions());
