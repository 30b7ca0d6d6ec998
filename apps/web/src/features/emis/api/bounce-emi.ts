import type { TBounceEmiRequest, TBounceEmiResponse } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { emiKeys, idempotencyHeader, LOAN_QUERIES } from './keys';

export type TBounceEmiCall = {
  loanId: number;
  emiNumber: number;
  body: TBounceEmiRequest;
  idempotencyKey: string;
};

/** POST /emi/bounce/{loanId}/{emiNumber} → {message, emi}. */
export const postBounceEmi = ({
  loanId,
  emiNumber,
  body,
  idempotencyKey,
}: TBounceEmiCall): Promise<TBounceEmiResponse> =>
  api.post<TBounceEmiResponse>(`/emi/bounce/${loanId}/${emiNumber}`, body, {
    headers: idempotencyHeader(idempotencyKey),
  });

export const useBounceEmi = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBounceEmi,
    // Not awaited: the answer shows at once, the screens refresh behind it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: LOAN_QUERIES });
      void queryClient.invalidateQueries({ queryKey: emiKeys.all });
    },
  });
};
