import type { z } from 'zod';
import { FIRST_BOOK_DATE, isBookDate, LAST_BOOK_DATE } from '../lending/limits';
import { endDate } from '../lending/schedule';
import { rupeesToPaise } from '../money/paise';
import { formatDdMmYyyy, isIsoDate } from '../time/ist';

/** The messages of the loan terms checked together. */
export const loanTermsMessages = {
  emiAboveAmount: 'Per-day EMI cannot exceed the loan amount',
  startOutsideBook: `Start date must be between ${formatDdMmYyyy(FIRST_BOOK_DATE)} and ${formatDdMmYyyy(LAST_BOOK_DATE)}`,
  endOutsideBook: `The last EMI would fall after ${formatDdMmYyyy(LAST_BOOK_DATE)}; shorten the tenure or start earlier`,
} as const;

type LoanTermsInput = {
  loan_amount?: unknown;
  per_day_emi?: unknown;
  total_emi_days?: unknown;
  start_date?: unknown;
};

/**
 * The loan terms that depend on each other: a per-day EMI of at most the loan amount, and a schedule
 * (start date to derived end date) inside the book's calendar. Fields that failed their own check
 * are left to that check.
 */
export const checkLoanTerms = (terms: LoanTermsInput, ctx: z.RefinementCtx): void => {
  const { loan_amount, per_day_emi, total_emi_days, start_date } = terms;
  if (typeof loan_amount === 'number' && typeof per_day_emi === 'number') {
    if (rupeesToPaise(per_day_emi) > rupeesToPaise(loan_amount))
      ctx.addIssue({ code: 'custom', message: loanTermsMessages.emiAboveAmount, path: ['per_day_emi'] });
  }
  if (typeof start_date !== 'string' || !isIsoDate(start_date)) return;
  if (!isBookDate(start_date)) {
    ctx.addIssue({ code: 'custom', message: loanTermsMessages.startOutsideBook, path: ['start_date'] });
    return;
  }
  if (typeof total_emi_days === 'number' && Number.isInteger(total_emi_days) && total_emi_days >= 1) {
    if (!isBookDate(endDate(start_date, total_emi_days)))
      ctx.addIssue({ code: 'custom', message: loanTermsMessages.endOutsideBook, path: ['total_emi_days'] });
  }
};
