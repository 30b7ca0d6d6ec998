// The books check's public entry: other code (the `npm run verify` CLI, tests) uses only this.
export { type CheckDetail, LOAN_CHECKS, type LoanCheck } from './checks';
export type { BooksLoan } from './repository';
export {
  type BooksReport,
  type Finding,
  type LoanVerdict,
  type VerifyOptions,
  verifyBooks,
} from './service';
