import type { TLoanProductRequest, TLoanProductSaved } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { loanProductsKey } from './keys';

/** PUT /loan-products/{id} → {message: 'Loan product updated', product}; is_active false archives it. */
export const updateLoanProduct = ({ id, body }: { id: number; body: TLoanProductRequest }) =>
  api.put<TLoanProductSaved>(`/loan-products/${id}`, body);

export const useUpdateLoanProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLoanProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loanProductsKey }),
  });
};
