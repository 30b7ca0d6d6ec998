import { IMPORT_PAGE_SIZE, type TImport, type TImportErrorPage } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { importKeys } from './keys';

/** GET /imports/:id/errors?page&pageSize&sheet → the last check's errors in file order ('' sheet: all). */
export const fetchImportErrors = (
  { id, sheet, page }: { id: number; sheet: string; page: number },
  signal?: AbortSignal,
): Promise<TImportErrorPage> =>
  api.get<TImportErrorPage>(`/imports/${id}/errors`, {
    query: { page, pageSize: IMPORT_PAGE_SIZE, sheet },
    signal,
  });

export const importErrorsQueryOptions = (item: TImport, sheet: string, page: number) =>
  queryOptions({
    queryKey: importKeys.errors(item.id, item.checkedAt, sheet, page),
    queryFn: ({ signal }) => fetchImportErrors({ id: item.id, sheet, page }, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The errors of a checked import; asks nothing before a check has listed any. */
export const useImportErrors = (item: TImport, sheet: string, page: number) =>
  useQuery({
    ...importErrorsQueryOptions(item, sheet, page),
    enabled: item.status === 'checked' && item.errorCount > 0,
  });
