import { formatDdMmYyyy, formatRupees, isIsoDate, type Paise } from '@lending/domain';
import { displayPaise } from '../../../lib/format';

/** Paise as an agent counts cash: '₹1,500', or '₹1,500.50' when there are paise. */
export const formatPaise = (paise: Paise): string => formatRupees(paise, 'auto');

/** A rupee amount from the API, formatted as `formatPaise` does. */
export const formatAmount = (rupees: number | null | undefined): string => formatPaise(displayPaise(rupees));

/** 'YYYY-MM-DD' → 'DD-MM-YYYY'. */
export const formatDay = (date: string): string => (isIsoDate(date) ? formatDdMmYyyy(date) : date);
