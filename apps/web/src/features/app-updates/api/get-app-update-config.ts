import type { TAndroidUpdateConfig, ZAppUpdateConfigResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { appUpdateKeys } from './keys';

export type TAppUpdateConfigResponse = z.infer<typeof ZAppUpdateConfigResponse>;

/** GET /admin/app-update/config → the Android configuration. */
export const fetchAppUpdateConfig = async (signal?: AbortSignal): Promise<TAndroidUpdateConfig> =>
  (await api.get<TAppUpdateConfigResponse>('/admin/app-update/config', { signal })).data.android;

export const appUpdateConfigQueryOptions = () =>
  queryOptions({ queryKey: appUpdateKeys.config, queryFn: ({ signal }) => fetchAppUpdateConfig(signal) });

export const useAppUpdateConfig = () => useQuery(appUpdateConfigQueryOptions());
