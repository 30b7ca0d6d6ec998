import type { TEmiView, TLoanDetail, TLoanView } from '@lending/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

type TLoanCredit = Partial<Pick<TLoanDetail, 'credit_held' | 'refund_due' | 'credit_source'>>;
type TLoanAnswer =
  | (TLoanView & TLoanCredit & { emis?: TEmiView[] })
  | { loan: TLoanView & TLoanCredit & { emis?: TEmiView[] }; emis?: TEmiView[] };

/** No credit held: what an answer without the credit fields means. */
const NO_CREDIT = { credit_held: 0, refund_due: 0, credit_source: null };

/** A loan view may come wrapped in `{loan, emis}`; this flattens it. */
export const toLoanDetail = (answer: TLoanAnswer): TLoanDetail => {
  if ('loan' in answer && typeof answer.loan === 'object' && answer.loan !== null) {
    return { ...NO_CREDIT, ...answer.loan, emis: answer.emis ?? answer.loan.emis ?? [] };
  }
  const flat = answer as TLoanView & TLoanCredit & { emis?: TEmiView[] };
  return { ...NO_CREDIT, ...flat, emis: flat.emis ?? [] };
};

export const loanDetailQueryKey = (id: number) => ['loans', 'detail', id] as const;

/** GET /loans/{id} → the loan with its EMI schedule. */
export const fetchLoan = async (id: number, signal?: AbortSignal): Promise<TLoanDetail> =>
  toLoanDetail(await api.get<TLoanAnswer>(`/loans/${id}`, { signal }));

export const loanDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: loanDetailQueryKey(id), queryFn: ({ signal }) => fetchLoan(id, signal) });

export const useLoanDetail = (id: number | null) =>
  useQuery({ ...loanDetailQueryOptions(id ?? 0), enabled: id !== null });
