import type { TDayCloseRequest, TDayCloseResponse } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cashQueryKey } from '../../../api/cash';
import { api } from '../../../api/client';
import { newIdempotencyKey } from '../../../lib/idempotency';

/** POST /cash/day-closes: closes a collector's business day (today unless a date is given). */
export const postDayClose = (body: TDayCloseRequest): Promise<TDayCloseResponse> =>
  api.post<TDayCloseResponse>('/cash/day-closes', body, {
    headers: { 'Idempotency-Key': newIdempotencyKey() },
  });

export const useDayClose = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDayClose,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashQueryKey }),
  });
};
