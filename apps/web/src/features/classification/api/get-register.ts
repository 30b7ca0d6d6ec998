import { REGISTER_PAGE_SIZE, type TRegisterPage } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { registerQuery, type TRegisterFilters } from '../lib/register-params';
import { classificationQueryKey } from './keys';

/** GET /classification/register → one page of the register of a close, with its totals per class. */
export const fetchRegister = (
  { filters, page }: { filters: TRegisterFilters; page: number },
  signal?: AbortSignal,
): Promise<TRegisterPage> =>
  api.get<TRegisterPage>('/classification/register', {
    query: { page, pageSize: REGISTER_PAGE_SIZE, ...registerQuery(filters) },
    signal,
  });

/** The page of these filters; the previous page stays on screen while the next one loads. */
export const registerQueryOptions = (filters: TRegisterFilters, page: number) =>
  queryOptions({
    queryKey: [...classificationQueryKey, 'register', filters, page],
    queryFn: ({ signal }) => fetchRegister({ filters, page }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The register page of the filters in the address bar. */
export const useRegister = (filters: TRegisterFilters, page: number) =>
  useQuery(registerQueryOptions(filters, page));
