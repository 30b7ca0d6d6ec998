import type { TClearChargesResponse } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { emiKeys, idempotencyHeader, LOAN_QUERIES } from './keys';

/** POST /loans/emi/{emiId}/clear-charges {amount > 0}: waives part or all of one EMI's late charge. */
export const postClearEmiCharges = ({
  emiId,
  amount,
  idempotencyKey,
}: {
  emiId: number;
  amount: number;
  idempotencyKey: string;
}): Promise<TClearChargesResponse> =>
  api.post<TClearChargesResponse>(
    `/loans/emi/${emiId}/clear-charges`,
    { amount },
    {
      headers: idempotencyHeader(idempotencyKey),
    },
  );

export const useClearEmiCharges = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postClearEmiCharges,
    // Not awaited: the answer shows at once, the screens refresh behind it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: LOAN_QUERIES });
      void queryClient.invalidateQueries({ queryKey: emiKeys.all });
    },
  });
};
