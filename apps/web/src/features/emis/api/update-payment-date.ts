import type { TUpdatePaymentDateRequest, TUpdatePaymentDateResponse } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, hasErrorCode } from '../../../api/client';
import { emiKeys, LOAN_QUERIES } from './keys';

/**
 * GET /loans/update-payment-date?loanId&emiKey&payment_date; when that fails, POST the same fields as
 * JSON. A 401 is not retried: the session is gone.
 */
export const updatePaymentDate = async (
  request: TUpdatePaymentDateRequest,
): Promise<TUpdatePaymentDateResponse> => {
  try {
    return await api.get<TUpdatePaymentDateResponse>('/loans/update-payment-date', { query: request });
  } catch (error) {
    if (hasErrorCode(error, 'UNAUTHENTICATED')) throw error;
    return api.post<TUpdatePaymentDateResponse>('/loans/update-payment-date', request);
  }
};

export const useUpdatePaymentDate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentDate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: LOAN_QUERIES }),
        queryClient.invalidateQueries({ queryKey: emiKeys.all }),
      ]),
  });
};
