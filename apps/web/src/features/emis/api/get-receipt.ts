import type { TReceipt } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { emiKeys } from './keys';

/** GET /emi/receipt/{loanId}/{emiNumber} → {receipt}: the data of the plain-text fallback. */
export const fetchReceipt = async (
  loanId: number,
  emiNumber: number,
  signal?: AbortSignal,
): Promise<TReceipt> =>
  (await api.get<{ receipt: TReceipt }>(`/emi/receipt/${loanId}/${emiNumber}`, { signal })).receipt;

export const receiptQueryOptions = (loanId: number, emiNumber: number) =>
  queryOptions({
    queryKey: [...emiKeys.receipt(loanId, emiNumber), 'data'],
    queryFn: ({ signal }) => fetchReceipt(loanId, emiNumber, signal),
    staleTime: 0,
    retry: false,
  });

/** The receipt's data, asked for only once the PDF has failed. */
export const useReceiptData = (loanId: number, emiNumber: number, enabled: boolean) =>
  useQuery({ ...receiptQueryOptions(loanId, emiNumber), enabled });
