import type { TLoanProductRequest, TLoanProductSaved } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { loanProductsKey } from './keys';

/** POST /loan-products → 201 {message: 'Loan product created', product} */
export const createLoanProduct = (body: TLoanProductRequest) =>
  api.post<TLoanProductSaved>('/loan-products', body);

export const useCreateLoanProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLoanProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loanProductsKey }),
  });
};
