import type { TApkFile, ZApkFilesResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { appUpdateKeys } from './keys';

/** GET /admin/app-update/files → the stored APKs, newest first. */
export const fetchApkFiles = async (signal?: AbortSignal): Promise<TApkFile[]> =>
  (await api.get<z.infer<typeof ZApkFilesResponse>>('/admin/app-update/files', { signal })).data;

export const apkFilesQueryOptions = () =>
  queryOptions({ queryKey: appUpdateKeys.files, queryFn: ({ signal }) => fetchApkFiles(signal) });

export const useApkFiles = () => useQuery(apkFilesQueryOptions());
