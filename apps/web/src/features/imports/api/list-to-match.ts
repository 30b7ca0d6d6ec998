import { IMPORT_PAGE_SIZE, type TCollectionToMatchPage } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { importKeys } from './keys';

/** GET /imports/to-match?page → imported collections no loan was found for, with their total. */
export const fetchToMatch = (page: number, signal?: AbortSignal): Promise<TCollectionToMatchPage> =>
  api.get<TCollectionToMatchPage>('/imports/to-match', {
    query: { page, pageSize: IMPORT_PAGE_SIZE },
    signal,
  });

export const toMatchQueryOptions = (page: number) =>
  queryOptions({
    queryKey: importKeys.toMatch(page),
    queryFn: ({ signal }) => fetchToMatch(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useToMatch = (page: number) => useQuery(toMatchQueryOptions(page));
