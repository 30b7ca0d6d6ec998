import type { TPublicUser } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { meQueryKey } from '../../../lib/session';
import { profileQueryKey } from './get-profile';

export type TProfileSaved = { message?: string; user?: TPublicUser };

/**
 * PUT /users/profile/me: multipart (text fields and new documents) or JSON (e.g. `{pan_card: null}`
 * to remove a document, or a new location). Absent fields are kept.
 */
export const putProfile = (body: FormData | Record<string, unknown>) =>
  api.put<TProfileSaved>('/users/profile/me', body);

export const useUpdateProfileMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putProfile,
    onSuccess: (answer) => {
      const saved = answer?.user;
      if (saved === undefined) return;
      queryClient.setQueryData(profileQueryKey, saved);
      // The shells show the name and picture of the signed-in person.
      queryClient.setQueryData<TPublicUser | null>(meQueryKey, (me) =>
        me ? { ...me, name: saved.name, profile_pic: saved.profile_pic } : me,
      );
    },
  });
};
