import { type TPublicUser, ZPublicUser } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const profileQueryKey = ['profile', 'me'] as const;

/**
 * GET /users/profile/me → the profile fields themselves (name, email, ..., agent_qr_code_url, Role);
 * agent_qr_code_url is the agent's own QR, or a borrower's agent's.
 */
export const fetchProfile = async (signal?: AbortSignal): Promise<TPublicUser> => {
  const answer = await api.get<TPublicUser | null>('/users/profile/me', { signal });
  const parsed = ZPublicUser.safeParse(answer);
  if (!parsed.success) throw new Error('Failed to load profile data');
  return parsed.data;
};

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => fetchProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
