import type { TClearChargesResponse } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { emiKeys, idempotencyHeader, LOAN_QUERIES } from './keys';

/**
 * POST /loans/{id}/clear-charges {amount}: clears every open late charge once `amount` equals the
 * latest late charge, else 400 with the spec's message.
 */
export const postClearLoanCharges = ({
  loanId,
  amount,
  idempotencyKey,
}: {
  loanId: number;
  amount: number;
  idempotencyKey: string;
}): Promise<TClearChargesResponse> =>
  api.post<TClearChargesResponse>(
    `/loans/${loanId}/clear-charges`,
    { amount },
    {
      headers: idempotencyHeader(idempotencyKey),
    },
  );

export const useClearLoanCharges = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postClearLoanCharges,
    // Not awaited: the answer shows at once, the screens refresh behind it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: LOAN_QUERIES });
      void queryClient.invalidateQueries({ queryKey: emiKeys.all });
    },
  });
};
