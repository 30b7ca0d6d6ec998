import {
  requestOfQueued,
  type TPayEmiResponse,
  type TPayOverdueRequest,
  type TPayOverdueResponse,
  type TQueuedCollection,
} from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cashQueryKey } from '../../../api/cash';
import { api } from '../../../api/client';
import { agentQueryKey } from './list-overdue';

export type TPayOverdueInput = { body: TPayOverdueRequest; idempotencyKey: string };

/**
 * POST /emis/pay-overdue: collects every overdue EMI of one loan, oldest first, with the optional
 * late charges. The Idempotency-Key makes a repeated submit (retry, double tap) collect only once.
 */
export const postPayOverdue = ({ body, idempotencyKey }: TPayOverdueInput): Promise<TPayOverdueResponse> =>
  api.post<TPayOverdueResponse>('/emis/pay-overdue', body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const usePayOverdue = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPayOverdue,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: agentQueryKey });
      // The agent's cash in hand grew with what was collected.
      await queryClient.invalidateQueries({ queryKey: cashQueryKey });
    },
  });
};

/**
 * A field agent's collection, sent as it would be queued offline (`requestOfQueued`: the phone's
 * time, the amount taken, its Idempotency-Key), so a send whose answer is lost can wait in the queue
 * and be sent again under the same key. Answers as the overdue collection does (a partial's one
 * receipt as a list of one).
 */
export const postCollection = async (item: TQueuedCollection): Promise<TPayOverdueResponse> => {
  const request = requestOfQueued(item);
  const answer = await api.post<TPayOverdueResponse | TPayEmiResponse>(request.path, request.body, {
    headers: { 'Idempotency-Key': item.key },
  });
  return 'receipts' in answer
    ? answer
    : { message: answer.message, total_collected: item.amount / 100, receipts: [answer.receipt] };
};

export const useSendCollection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCollection,
    // Asked even when the browser says offline: a lost answer is queued by the dialog.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentQueryKey }),
  });
};
