import type { TImport, TImportErrorPage } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { importKeys } from './keys';

/** Which errors: of one sheet ('' for all), a page of `pageSize`. */
export type TErrorsPage = { sheet: string; page: number; pageSize: number };

/** GET /imports/:id/errors?page&pageSize&sheet → the last check's errors in file order. */
export const fetchImportErrors = (
  id: number,
  { sheet, page, pageSize }: TErrorsPage,
  signal?: AbortSignal,
): Promise<TImportErrorPage> =>
  api.get<TImportErrorPage>(`/imports/${id}/errors`, { query: { page, pageSize, sheet }, signal });

export const importErrorsQueryOptions = (item: TImport, which: TErrorsPage) =>
  queryOptions({
    queryKey: importKeys.errors(item.id, item.checkedAt, which),
    queryFn: ({ signal }) => fetchImportErrors(item.id, which, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The errors of a checked import; asks nothing before a check has listed any. */
export const useImportErrors = (item: TImport, which: TErrorsPage) =>
  useQuery({
    ...importErrorsQueryOptions(item, which),
    enabled: item.status === 'checked' && item.errorCount > 0,
  });
