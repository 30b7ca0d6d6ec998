import type { TPayOverdueRequest, TPayOverdueResponse } from '@lending/domain';
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
