import type { TEmiView, TLoanDetail, TLoanView } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

type TLoanAnswer =
  | (TLoanView & { emis?: TEmiView[] })
  | { loan: TLoanView & { emis?: TEmiView[] }; emis?: TEmiView[] };

/** A loan view may come wrapped in `{loan, emis}`; this flattens it. */
export const toLoanDetail = (answer: TLoanAnswer): TLoanDetail => {
  if ('loan' in answer && typeof answer.loan === 'object' && answer.loan !== null) {
    return { ...answer.loan, emis: answer.emis ?? answer.loan.emis ?? [] };
  }
  const flat = answer as TLoanView & { emis?: TEmiView[] };
  return { ...flat, emis: flat.emis ?? [] };
};

export const loanDetailQueryKey = (id: number) => ['loans', 'detail', id] as const;

/** GET /loans/{id} → the loan with its EMI schedule. */
export const fetchLoan = async (id: number, signal?: AbortSignal): Promise<TLoanDetail> =>
  toLoanDetail(await api.get<TLoanAnswer>(`/loans/${id}`, { signal }));

export const loanDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: loanDetailQueryKey(id), queryFn: ({ signal }) => fetchLoan(id, signal) });

export const useLoanDetail = (id: number | null) =>
  useQuery({ ...loanDetailQueryOptions(id ?? 0), enabled: id !== null });
