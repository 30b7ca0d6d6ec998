import type { TImport, TImportResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { pollWhileBusy } from '../lib/imports';
import { importKeys } from './keys';

/** GET /imports/:id → the import (404 'Import not found' when there is none). */
export const fetchImport = async (id: number, signal?: AbortSignal): Promise<TImport> =>
  (await api.get<TImportResponse>(`/imports/${id}`, { signal })).data;

/** Asks again every 2 s while the import is being checked or committed, for its progress bar. */
export const importQueryOptions = (id: number) =>
  queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }) => fetchImport(id, signal),
    retry: false,
    refetchInterval: (query) => pollWhileBusy(query.state.data === undefined ? [] : [query.state.data]),
  });

/** The import of the page; `id` null (no import yet, or not a number) asks nothing. */
export const useImport = (id: number | null) =>
  useQuery({ ...importQueryOptions(id ?? 0), enabled: id !== null });
