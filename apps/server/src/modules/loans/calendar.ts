import {
  type CollectionCalendar,
  EVERY_DAY,
  endDate,
  isBookDate,
  loanTermsMessages,
  type TLoanProductTerms,
} from '@lending/domain';
import type { Executor } from '../../db/client';
import { fieldError } from '../../platform/errors';
import { collectionCalendarOf, skippedHolidays } from '../holidays';
import { productForLoan } from '../products';
import type { LoanRow } from './repository';
import type { LoanTerms } from './terms';

/** The loan columns its calendar sets: its product, the terms it copied, its off-days and skipped holidays. */
export type CalendarColumns = {
  productId: number | null;
  productTerms: TLoanProductTerms | null;
  offDays: number;
  skippedDays: string[];
  endDate: string;
};

/** A loan's collection calendar and the columns it writes. */
export type LoanCalendar = { calendar: CollectionCalendar; columns: CalendarColumns };

const everyDay = (terms: LoanTerms): LoanCalendar => ({
  calendar: EVERY_DAY,
  columns: { productId: null, productTerms: null, offDays: 0, skippedDays: [], endDate: terms.endDate },
});

const withHolidays = async (
  tx: Executor,
  terms: LoanTerms,
  product: { id: number; offDays: number; copy: TLoanProductTerms },
): Promise<LoanCalendar> => {
  const calendar = await collectionCalendarOf(tx, product.offDays, terms.startDate);
  const end = endDate(terms.startDate, terms.totalEmiDays, calendar);
  // The form checked the every-day end; skipping days pushes it later, so the book's limit is checked again.
  if (!isBookDate(end))
    throw fieldError('VALIDATION_FAILED', 'total_emi_days', loanTermsMessages.endOutsideBook);
  return {
    calendar,
    columns: {
      productId: product.id,
      productTerms: product.copy,
      offDays: product.offDays,
      skippedDays: skippedHolidays(calendar, terms.startDate, end),
      endDate: end,
    },
  };
};

/**
 * The calendar of a new loan: its product's (checked against the product, read in the loan's
 * transaction) with the holidays declared from its start on, or every calendar day without one.
 */
export const newLoanCalendar = async (
  tx: Executor,
  terms: LoanTerms,
  productId: number | undefined,
): Promise<LoanCalendar> => {
  if (productId === undefined) return everyDay(terms);
  return withHolidays(tx, terms, await productForLoan(tx, productId, terms));
};

/**
 * The calendar of an edited loan. An edit that names no product keeps the loan's (the documents' edit
 * form has no such field); keeping its product keeps the terms it copied when it was made (a later
 * product change never rewrites a loan, and its amount and tenure are not checked against the product
 * as it is now); naming another product checks the loan against that one.
 */
export const editedLoanCalendar = async (
  tx: Executor,
  loan: LoanRow,
  terms: LoanTerms,
  requested: number | undefined,
): Promise<LoanCalendar> => {
  const productId = requested ?? loan.productId ?? undefined;
  if (productId === undefined) return everyDay(terms);
  if (productId === loan.productId && loan.productTerms !== null)
    return withHolidays(tx, terms, {
      id: productId,
      offDays: loan.offDays,
      copy: loan.productTerms as TLoanProductTerms,
    });
  return withHolidays(tx, terms, await productForLoan(tx, productId, terms));
};

/** Whether the calendar an edit gives differs from the loan's: its schedule must then be rewritten. */
export const changesCalendar = (loan: LoanRow, next: CalendarColumns): boolean =>
  loan.offDays !== next.offDays || loan.productId !== next.productId;
