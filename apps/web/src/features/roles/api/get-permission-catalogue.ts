import type { ZPermissionCatalogue } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';
import { rolesKeys } from './keys';

export type TPermissionCatalogue = z.infer<typeof ZPermissionCatalogue>;

/** GET /roles/permissions → {resources, actions}: the rows and columns of the matrix. */
export const fetchPermissionCatalogue = (signal?: AbortSignal) =>
  api.get<TPermissionCatalogue>('/roles/permissions', { signal });

export const permissionCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: rolesKeys.catalogue,
    queryFn: ({ signal }) => fetchPermissionCatalogue(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePermissionCatalogue = () => useQuery(permissionCatalogueQueryOptions());
