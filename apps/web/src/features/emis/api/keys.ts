/** Query keys of the EMI screens. Loan screens keep theirs under ['loans']: money calls refresh both. */
export const emiKeys = {
  all: ['emis'] as const,
  due: ['emis', 'due'] as const,
  receipt: (loanId: number, emiNumber: number) => ['emis', 'receipt', loanId, emiNumber] as const,
};

/** Every loan query (list, details, foreclosure figures): a payment changes them all. */
export const LOAN_QUERIES = ['loans'] as const;

/** The Idempotency-Key header of a money call (docs/api.md). */
export const idempotencyHeader = (key: string): Record<string, string> => ({ 'Idempotency-Key': key });
