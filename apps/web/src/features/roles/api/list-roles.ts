import type { TRole } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { rolesKeys } from './keys';

/** GET /roles → every role, system ones first, with its permissions. */
export const fetchRoleList = (signal?: AbortSignal): Promise<TRole[]> =>
  api.get<TRole[]>('/roles', { signal });

export const roleListQueryOptions = () =>
  queryOptions({ queryKey: rolesKeys.list, queryFn: ({ signal }) => fetchRoleList(signal) });

export const useRoleList = () => useQuery(roleListQueryOptions());
