import { formatRupees, isIsoDate, type Paise } from '@lending/domain';
import { displayPaise } from '../../../lib/format';

/** Paise as collected: '₹1,500', or '₹1,500.50' when there are paise. */
export const formatPaise = (paise: Paise): string => formatRupees(paise, 'auto');

/** A rupee amount from the API, formatted as `formatPaise` does. */
export const formatAmount = (rupees: number): string => formatPaise(displayPaise(rupees));

/** 'DD-MM-YY' (the report's pickers) or 'YYYY-MM-DD' typed → 'YYYY-MM-DD', or null. */
export const parseShortDate = (input: string): string | null => {
  const value = input.trim();
  if (isIsoDate(value)) return value;
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(value);
  if (match === null) return null;
  const [, d = '', m = '', y = ''] = match;
  const iso = `${y.length === 2 ? `20${y}` : y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
};
