import type { Paise } from '../money/paise';
import type { IsoDate } from '../time/ist';

/**
 * The sizes the book accepts (docs/lending-rules.md, "Limits"). They keep every stored amount and
 * every sum a report adds up far below 2^53 paise, where integers stop being exact: the largest
 * loan repays at most ₹10 crore × 3650 days of EMI, about 2^45 paise.
 */

/** A loan of at most ₹10,00,00,000. */
export const MAX_LOAN_AMOUNT_PAISE: Paise = 10_00_00_000_00;
/** A bounce charge, a per-EMI clear and a late charge levied at collection: at most ₹10,00,000 each. */
export const MAX_CHARGE_PAISE: Paise = 10_00_000_00;
/** The calendar the book works in: loan dates, from the start to the derived end date, fall inside it. */
export const FIRST_BOOK_DATE: IsoDate = '2000-01-01';
export const LAST_BOOK_DATE: IsoDate = '2099-12-31';

/** Whether a YYYY-MM-DD date falls within the book's calendar (the text compares as the date does). */
export const isBookDate = (date: IsoDate): boolean => date >= FIRST_BOOK_DATE && date <= LAST_BOOK_DATE;
