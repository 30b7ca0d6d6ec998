import type { TUserLocation } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { usersKeys } from './keys';

export type TLocation = TUserLocation['user'];

/** GET /users/location/{id} → {user: {latitude, longitude, location_enabled, …}} (superadmin); null when empty. */
export const fetchUserLocation = async (id: number, signal?: AbortSignal): Promise<TLocation | null> => {
  const answer = await api.get<Partial<TUserLocation> | null>(`/users/location/${id}`, { signal });
  return answer?.user ?? null;
};

export const userLocationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: usersKeys.location(id),
    queryFn: ({ signal }) => fetchUserLocation(id, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useUserLocation = (id: number | null) =>
  useQuery({ ...userLocationQueryOptions(id ?? 0), enabled: id !== null });
