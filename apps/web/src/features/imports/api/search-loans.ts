import type { TLoanListResponse, TLoanView } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { importKeys } from './keys';

/** How many loans the match dialog offers for what was typed. */
export const LOAN_CHOICES = 10;

/** GET /loans?search=&limit=10 → loans whose number, code, customer name or mobile match. */
export const searchLoans = async (search: string, signal?: AbortSignal): Promise<TLoanView[]> =>
  (await api.get<TLoanListResponse>('/loans', { query: { search, limit: LOAN_CHOICES, page: 1 }, signal }))
    .loans;

export const loanSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...importKeys.all, 'loan-search', search],
    queryFn: ({ signal }) => searchLoans(search, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The loans matching `search`; nothing is asked for a blank search. */
export const useLoanSearch = (search: string) =>
  useQuery({ ...loanSearchQueryOptions(search), enabled: search.trim() !== '' });
