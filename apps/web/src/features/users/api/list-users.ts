import type { TUserSummary } from '@lending/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { fetchUsersList } from '../../../api/users';
import { nextPageOf } from '../../../lib/paging';
import { REFERENCE_PICKER_LIMIT, USERS_PAGE_SIZE } from '../lib/users-screen';
import { usersKeys } from './keys';

export type TUsersFilter = { search: string; role: string };

/** GET /users?page&limit&search&role → {users, total, totalPages} (admins; newest first). */
export const fetchUsersPage = (query: TUsersFilter & { page: number; limit: number }, signal?: AbortSignal) =>
  fetchUsersList(query, signal);

/**
 * The admin list from `startPage` on: the pager jumps by changing `startPage`, scrolling near the
 * bottom appends the following pages.
 */
export const usersPagesQueryOptions = (filter: TUsersFilter, startPage: number) =>
  infiniteQueryOptions({
    queryKey: usersKeys.list(filter, startPage),
    queryFn: ({ pageParam, signal }) =>
      fetchUsersPage({ ...filter, page: pageParam, limit: USERS_PAGE_SIZE }, signal),
    initialPageParam: startPage,
    getNextPageParam: nextPageOf,
    placeholderData: keepPreviousData,
  });

export const useUsersPages = (filter: TUsersFilter, startPage: number) =>
  useInfiniteQuery(usersPagesQueryOptions(filter, startPage));

/** GET /users?page=1&limit=1000: the admin reference picker's choices (empty on failure). */
export const fetchReferenceCandidates = async (signal?: AbortSignal): Promise<TUserSummary[]> => {
  try {
    const { users } = await fetchUsersPage(
      { page: 1, limit: REFERENCE_PICKER_LIMIT, search: '', role: '' },
      signal,
    );
    return users.map(({ id, name, email }) => ({ id, name, email }));
  } catch {
    return [];
  }
};

export const referenceCandidatesQueryOptions = () =>
  queryOptions({
    queryKey: usersKeys.referenceCandidates('users'),
    queryFn: ({ signal }) => fetchReferenceCandidates(signal),
  });
