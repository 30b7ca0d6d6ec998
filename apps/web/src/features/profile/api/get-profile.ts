import type { TPublicUser } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const profileQueryKey = ['profile', 'me'] as const;

/** GET /users/profile/me → {user}; agent_qr_code_url is the agent's own QR, or a borrower's agent's. */
export const fetchProfile = async (signal?: AbortSignal): Promise<TPublicUser> => {
  const answer = await api.get<{ user?: TPublicUser } | null>('/users/profile/me', { signal });
  if (answer?.user === undefined) throw new Error('Failed to load profile data');
  return answer.user;
};

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => fetchProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
