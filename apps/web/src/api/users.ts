import type { TManagedUser, TUsersPage } from '@lending/domain';
import { api } from './client';

/** The filters GET /users takes; empty ones are left out of the URL. */
export type TUsersListQuery = { role?: string; search?: string; page?: number; limit?: number };

/** Pickers and selectors ask for one page this long: every user of a role at once. */
export const USERS_LIST_ALL = 1000;

const entriesOf = (answer: unknown): unknown[] => {
  if (Array.isArray(answer)) return answer;
  const users = typeof answer === 'object' && answer !== null ? (answer as { users?: unknown }).users : null;
  return Array.isArray(users) ? users : [];
};

// An entry without a numeric id and a name cannot be shown or picked.
const isListedUser = (entry: unknown): entry is TManagedUser =>
  typeof entry === 'object' &&
  entry !== null &&
  typeof (entry as { id?: unknown }).id === 'number' &&
  typeof (entry as { name?: unknown }).name === 'string';

/**
 * GET /users → {users, total, totalPages}: the one fetcher of the users list. Each screen wraps it
 * with its own query key and filters. A bare array is read as the list itself.
 */
export const fetchUsersList = async (query: TUsersListQuery, signal?: AbortSignal): Promise<TUsersPage> => {
  const answer = await api.get<unknown>('/users', { query, signal });
  const totals = (typeof answer === 'object' && answer !== null ? answer : {}) as Partial<TUsersPage>;
  return {
    users: entriesOf(answer).filter(isListedUser),
    total: typeof totals.total === 'number' ? totals.total : 0,
    totalPages: typeof totals.totalPages === 'number' ? totals.totalPages : 0,
  };
};

/** GET /users?role&limit=1000 → every user of a role, for a picker or a selector. */
export const fetchUsersOfRole = async (role: string, signal?: AbortSignal): Promise<TManagedUser[]> =>
  (await fetchUsersList({ role, limit: USERS_LIST_ALL }, signal)).users;
