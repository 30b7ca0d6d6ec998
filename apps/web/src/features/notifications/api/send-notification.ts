import type { TSendNotificationRequest, TSendNotificationResponse } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { notificationsQueryKey } from './list-notifications';

/** POST /users/notifications/send → one inbox entry per chosen user. */
export const sendNotification = (body: TSendNotificationRequest): Promise<TSendNotificationResponse> =>
  api.post<TSendNotificationResponse>('/users/notifications/send', body);

export const useSendNotification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotification,
    // The sender may be among the recipients.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
};
