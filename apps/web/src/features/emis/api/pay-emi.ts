import type { TPayEmiRequest, TPayEmiResponse } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { emiKeys, idempotencyHeader, LOAN_QUERIES } from './keys';

export type TPayEmiCall = {
  loanId: number;
  emiNumber: number;
  body: TPayEmiRequest;
  /** One per attempt: a repeat answers the first answer and pays nothing twice. */
  idempotencyKey: string;
};

/** POST /emi/pay/{loanId}/{emiNumber} → {message, receipt}. */
export const postPayEmi = ({
  loanId,
  emiNumber,
  body,
  idempotencyKey,
}: TPayEmiCall): Promise<TPayEmiResponse> =>
  api.post<TPayEmiResponse>(`/emi/pay/${loanId}/${emiNumber}`, body, {
    headers: idempotencyHeader(idempotencyKey),
  });

export const usePayEmi = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPayEmi,
    // Not awaited: the answer shows at once, the screens refresh behind it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: LOAN_QUERIES });
      void queryClient.invalidateQueries({ queryKey: emiKeys.all });
    },
  });
};
