import type { TMessagePreferences } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { messageKeys } from './keys';

/** GET /users/profile/me/messages → the signed-in person's channels, language and opt-out. */
export const fetchMessagePreferences = (signal?: AbortSignal) =>
  api.get<TMessagePreferences>('/users/profile/me/messages', { signal });

export const messagePreferencesQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.preferences,
    queryFn: ({ signal }) => fetchMessagePreferences(signal),
    retry: false,
  });

export const useMessagePreferences = () => useQuery(messagePreferencesQueryOptions());
