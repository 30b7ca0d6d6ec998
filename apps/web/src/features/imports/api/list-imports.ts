import { IMPORT_PAGE_SIZE, type TImportPage } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pollWhileBusy } from '../lib/imports';
import { importKeys } from './keys';

/** GET /imports?page → the recent imports, newest first, to resume one. */
export const fetchImports = (page: number, signal?: AbortSignal): Promise<TImportPage> =>
  api.get<TImportPage>('/imports', { query: { page, pageSize: IMPORT_PAGE_SIZE }, signal });

/** Asks again every 2 s while an import on the page is being checked or committed. */
export const importsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: importKeys.list(page),
    queryFn: ({ signal }) => fetchImports(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (query) => pollWhileBusy(query.state.data?.imports),
  });

export const useImports = (page: number) => useQuery(importsQueryOptions(page));
