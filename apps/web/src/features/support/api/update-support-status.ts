import type { SupportStatus, TSupportMessage, TSupportPage } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { supportQueryKey } from './list-support-messages';

type TUpdated = { message: string; data: TSupportMessage };

/** PATCH /support/{id} {status} */
export const updateSupportStatus = ({
  id,
  status,
}: {
  id: number;
  status: SupportStatus;
}): Promise<TUpdated> => api.patch<TUpdated>(`/support/${id}`, { status });

/**
 * The card changes at once from the answer; the lists are then refetched in the background, since
 * the counts per status (and a status filter's rows) change with it.
 */
export const useUpdateSupportStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupportStatus,
    onSuccess: ({ data }) => {
      queryClient.setQueriesData<TSupportPage>({ queryKey: supportQueryKey }, (page) =>
        page === undefined
          ? page
          : { ...page, messages: page.messages.map((message) => (message.id === data.id ? data : message)) },
      );
      void queryClient.invalidateQueries({ queryKey: supportQueryKey });
    },
  });
};
