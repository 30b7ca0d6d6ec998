import { NOTIFICATIONS_PAGE_SIZE, type TNotificationsPage } from '@lending/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const notificationsQueryKey = ['notifications'] as const;

/** GET /users/notifications → the caller's own inbox, one page of 20. */
export const fetchNotifications = (page: number, signal?: AbortSignal): Promise<TNotificationsPage> =>
  api.get<TNotificationsPage>('/users/notifications', {
    query: { page, limit: NOTIFICATIONS_PAGE_SIZE },
    signal,
  });

/** A failure leaves the inbox empty without a message: the inbox is never worth an error toast. */
export const notificationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...notificationsQueryKey, 'inbox', page],
    queryFn: ({ signal }) => fetchNotifications(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useNotifications = (page: number) => useQuery(notificationsQueryOptions(page));
