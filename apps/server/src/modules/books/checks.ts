import {
  type BookDifference,
  cashIdentity as cashIdentityOf,
  checkLedgerInvariant,
  collectedStillApplied,
  type Emi,
  emiRowDifferences,
  type LedgerEntry,
} from '@lending/domain';
import type { BooksLoan } from './repository';

/** What one check found wrong with one loan: a one-line summary and each figure that differs. */
export type CheckDetail = { summary: string; differences: readonly BookDifference[] };

/**
 * One per-loan check of the books: null when the loan passes. Checks are pure (the domain's
 * functions over the loan's stored rows), so a new identity is one more entry in `LOAN_CHECKS`.
 */
export type LoanCheck = {
  name: string;
  check: (loan: BooksLoan, emis: readonly Emi[], entries: readonly LedgerEntry[]) => CheckDetail | null;
};

const fromDifferences = (summary: string, differences: readonly BookDifference[]): CheckDetail | null =>
  differences.length === 0 ? null : { summary, differences };

/**
 * The schedule identity: scheduled + charges = collected + waived + written off + outstanding, loan-wide,
 * per EMI and per part (docs/lending-rules.md, "Ledger and the invariant").
 */
const scheduleIdentity: LoanCheck = {
  name: 'schedule identity',
  check: (_loan, emis, entries) => {
    const report = checkLedgerInvariant(entries, emis);
    if (report.holds) return null;
    const { scheduled, charges, collected, waived, writtenOff, outstanding } = report.totals;
    return {
      summary: report.violations.join('; '),
      differences: [
        {
          emi_number: null,
          what: 'scheduled + charges against collected + waived + written off + outstanding',
          expected: scheduled + charges,
          actual: collected + waived + writtenOff + outstanding,
        },
      ],
    };
  },
};

/** Each EMI row agrees with what its ledger rows say was scheduled, charged, collected, waived, written off, carried. */
const emiRows: LoanCheck = {
  name: 'EMI rows',
  check: (loan, emis, entries) => {
    const differences = emiRowDifferences({ status: loan.status, emis }, entries);
    return fromDifferences(
      `${differences.length} figure(s) of the EMI rows differ from the ledger`,
      differences,
    );
  },
};

/**
 * The cash identity: cash collected = applied to instalments + charges collected + credit held +
 * refunded (docs/lending-rules.md), and collected money is never un-collected (`collectedStillApplied`).
 */
const cashIdentity: LoanCheck = {
  name: 'cash identity',
  check: (_loan, emis, entries) => {
    const sums = cashIdentityOf(entries);
    const differences: BookDifference[] = sums.ok
      ? []
      : [{ emi_number: null, what: sums.detail, expected: sums.lhs, actual: sums.rhs }];
    differences.push(...collectedStillApplied(entries, emis));
    return fromDifferences(
      sums.ok ? 'collected cash is no longer applied to the loan' : sums.detail,
      differences,
    );
  },
};

/** Every check `npm run verify` runs on each loan, in this order. */
export const LOAN_CHECKS: readonly LoanCheck[] = [scheduleIdentity, emiRows, cashIdentity];
