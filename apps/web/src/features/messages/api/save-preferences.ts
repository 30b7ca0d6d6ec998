import type { TMessagePreferences, TMessagePreferencesRequest } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { messageKeys } from './keys';

/** PUT /users/profile/me/messages → {message, preferences}; opting out cancels what waits to be sent. */
export const saveMessagePreferences = (body: TMessagePreferencesRequest) =>
  api.put<{ message: string; preferences: TMessagePreferences }>('/users/profile/me/messages', body);

export const useSaveMessagePreferences = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessagePreferences,
    onSuccess: (answer) => queryClient.setQueryData(messageKeys.preferences, answer.preferences),
  });
};
