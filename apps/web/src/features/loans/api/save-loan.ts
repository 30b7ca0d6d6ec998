import type { TLoanSaved } from '@lending/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** What POST/PUT /loans answer: a message, the loan and whether an edit rewrote the schedule. */
export type TSaveLoanAnswer = Partial<TLoanSaved>;

/** POST /loans (multipart: the loan fields plus received_by_image). */
export const postLoan = (form: FormData): Promise<TSaveLoanAnswer> =>
  api.post<TSaveLoanAnswer>('/loans', form);

/** PUT /loans/{id} (multipart; status only from admins; remove_received_by_image='1'). */
export const putLoan = ({ id, form }: { id: number; form: FormData }): Promise<TSaveLoanAnswer> =>
  api.put<TSaveLoanAnswer>(`/loans/${id}`, form);

const useRefreshLoans = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['loans'] });
};

export const useCreateLoan = () => {
  const refresh = useRefreshLoans();
  return useMutation({ mutationFn: postLoan, onSuccess: refresh });
};

export const useUpdateLoan = () => {
  const refresh = useRefreshLoans();
  return useMutation({ mutationFn: putLoan, onSuccess: refresh });
};
