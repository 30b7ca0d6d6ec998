import type { TApplyCreditResponse, TRefundRequest, TRefundResponse } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

const keyed = (idempotencyKey: string) => ({ headers: { 'Idempotency-Key': idempotencyKey } });

/** POST /loans/{id}/apply-credit → {message, applied, credit_held, emis}. */
export const postApplyCredit = ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) =>
  api.post<TApplyCreditResponse>(`/loans/${id}/apply-credit`, {}, keyed(idempotencyKey));

/** POST /loans/{id}/refund → {message, refunded, credit_held}. */
export const postRefund = ({
  id,
  body,
  idempotencyKey,
}: {
  id: number;
  body: TRefundRequest;
  idempotencyKey: string;
}) => api.post<TRefundResponse>(`/loans/${id}/refund`, body, keyed(idempotencyKey));

/** Both change the loan's EMIs or credit: every loan query is read again. */
const useLoanMutation = <V, R>(mutationFn: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['loans'] }) });
};

export const useApplyCredit = () => useLoanMutation(postApplyCredit);
export const useRecordRefund = () => useLoanMutation(postRefund);
