import type { THandoverRequest, THandoverResponse } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cashQueryKey } from '../../../api/cash';
import { api } from '../../../api/client';

export type THandoverInput = { body: THandoverRequest; idempotencyKey: string };

/** POST /cash/handovers; the Idempotency-Key makes a repeated submit record one handover. */
export const postHandover = ({ body, idempotencyKey }: THandoverInput): Promise<THandoverResponse> =>
  api.post<THandoverResponse>('/cash/handovers', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export const useHandover = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postHandover,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashQueryKey }),
  });
};
