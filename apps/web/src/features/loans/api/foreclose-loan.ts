import type { TForecloseRequest } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** POST /loans/{id}/foreclose → {message}. */
export const postForeclosure = ({
  id,
  body,
  idempotencyKey,
}: {
  id: number;
  body: TForecloseRequest;
  /** Sent as Idempotency-Key: the server answers a repeat with the first answer. */
  idempotencyKey?: string;
}): Promise<{ message?: string }> =>
  api.post<{ message?: string }>(`/loans/${id}/foreclose`, body, {
    headers: idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey },
  });

export const useForecloseLoan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postForeclosure,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['loans'] }),
  });
};
