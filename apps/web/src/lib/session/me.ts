import { roleNameOf, type TPublicUser } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../api/client';
import { clearCachedReads, readCached, writeCached } from '../offline/db';
import { clearToken, getToken } from '../token';

export const INVALID_USER_MESSAGE = 'Invalid user data received';

export const meQueryKey = ['session', 'me'] as const;

/** Enough of a user to run a session on: an id, an e-mail and a role (by name or nested Role). */
export const isSessionUser = (value: unknown): value is TPublicUser => {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Partial<TPublicUser>;
  return typeof user.id === 'number' && typeof user.email === 'string' && roleNameOf(user) !== '';
};

/** Thrown when the session cannot be resumed; the token is already cleared. */
export class SessionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionError';
  }
}

/** The key of the field agent's own account kept on the phone, so the app opens with no network. */
const OFFLINE_USER_KEY = 'session:me';

/**
 * GET /auth/me with the stored token; null when there is no token. With no answer at all (the phone
 * offline) a field agent's session resumes from the account kept on the phone at the last sign-in.
 */
export const fetchMe = async (): Promise<TPublicUser | null> => {
  if ((getToken() ?? '') === '') return null;
  let body: { user?: unknown } | null;
  try {
    body = await api.get<{ user?: unknown } | null>('/auth/me');
  } catch (error) {
    const kept =
      isApiError(error) && error.status === 0 ? await readCached<TPublicUser>(OFFLINE_USER_KEY) : null;
    if (kept) return kept.value;
    clearToken();
    throw new SessionError(error instanceof Error ? error.message : INVALID_USER_MESSAGE);
  }
  if (!isSessionUser(body?.user)) {
    clearToken();
    throw new SessionError(INVALID_USER_MESSAGE);
  }
  await keepOfflineUser(body.user);
  return body.user;
};

/**
 * Keeps a field agent's account on the phone (at sign-in and each session check), so the app opens
 * offline; another account signing in first clears what was kept for the last one.
 */
export const keepOfflineUser = async (user: TPublicUser): Promise<void> => {
  const kept = await readCached<TPublicUser>(OFFLINE_USER_KEY);
  if (kept !== null && kept.value.id !== user.id) await clearCachedReads();
  if (roleNameOf(user) === 'agent') await writeCached(OFFLINE_USER_KEY, user);
};

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: fetchMe,
    // Asked even offline: the answer then comes from the phone (or the session ends).
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** The signed-in user (null when signed out) and whether it is still being fetched. */
export const useCurrentUser = () => {
  const query = useQuery(meQueryOptions());
  return {
    user: query.data ?? null,
    isLoading: query.isPending && query.fetchStatus !== 'idle',
    error: query.error,
  };
};
