import type { TScheduleEndResponse } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `loanId`: the loan being edited, whose own copied off-days count. */
export type TScheduleEndParams = {
  productId: number;
  startDate: string;
  totalEmiDays: number;
  loanId?: number;
};

/**
 * GET /loan-products/{id}/schedule-end?start_date=&total_emi_days= → {end_date}: the last EMI's
 * date under the product's off-days and the holiday list.
 */
export const fetchScheduleEnd = (
  { productId, startDate, totalEmiDays, loanId }: TScheduleEndParams,
  signal?: AbortSignal,
) =>
  api.get<TScheduleEndResponse>(`/loan-products/${productId}/schedule-end`, {
    query: {
      start_date: startDate,
      total_emi_days: totalEmiDays,
      ...(loanId === undefined ? {} : { loan_id: loanId }),
    },
    signal,
  });

export const scheduleEndQueryOptions = (params: TScheduleEndParams) =>
  queryOptions({
    queryKey: [
      'loan-products',
      params.productId,
      'schedule-end',
      params.startDate,
      params.totalEmiDays,
      params.loanId ?? null,
    ],
    queryFn: ({ signal }) => fetchScheduleEnd(params, signal),
    staleTime: 60_000,
    retry: false,
  });

/** The end date of a product loan; idle (no call) until the product, start and tenure are all set. */
export const useScheduleEnd = (params: TScheduleEndParams | null) =>
  useQuery({
    ...scheduleEndQueryOptions(params ?? { productId: 0, startDate: '', totalEmiDays: 0 }),
    enabled: params !== null,
  });
