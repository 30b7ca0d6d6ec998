import { defuseCsvText } from '../files/csv';
import { assertPaise, rupeesText } from '../money/paise';

/**
 * What a column of the book export holds, which fixes how its cells are written: `money` is
 * integer paise written as rupees with two decimals, `date` a calendar day, `moment` an instant.
 */
export type BookExportKind =
  | 'integer'
  | 'text'
  | 'money'
  | 'date'
  | 'moment'
  | 'boolean'
  | 'decimal'
  | 'json';

/** How each kind is written, in the words the README and docs/export.md use. */
export const BOOK_EXPORT_FORMATS: Record<BookExportKind, string> = {
  integer: 'a whole number (ids, EMI numbers, counts)',
  text: 'text as stored; text that begins with =, +, -, @, a tab or a carriage return gets a leading apostrophe so that a spreadsheet shows it instead of running it as a formula',
  money:
    'rupees with exactly two decimals, no currency sign and no grouping (1234.50, -20.00); written from the whole paise the books keep, digit by digit, so never rounded',
  date: 'a calendar day, YYYY-MM-DD (the business day in India Standard Time)',
  moment: 'an instant in ISO 8601, UTC, to the millisecond (2026-11-29T10:30:12.345Z)',
  boolean: 'true or false',
  decimal: 'a decimal number as stored (map coordinates)',
  json: 'a JSON object, as the audit trail stored it',
};

const refuse = (kind: BookExportKind, value: unknown): never => {
  throw new TypeError(`Not a ${kind} cell: ${String(value)}`);
};

/**
 * A database value as its cell in the book export; null or undefined is an empty cell. A value of
 * the wrong type throws rather than writing a cell an auditor would misread.
 */
export const bookExportCell = (kind: BookExportKind, value: unknown): string => {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      return typeof value === 'number' ? rupeesText(assertPaise(value)) : refuse(kind, value);
    case 'integer':
      return Number.isSafeInteger(value) ? String(value) : refuse(kind, value);
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : refuse(kind, value);
    case 'boolean':
      return typeof value === 'boolean' ? String(value) : refuse(kind, value);
    case 'moment':
      return value instanceof Date && !Number.isNaN(value.getTime())
        ? value.toISOString()
        : refuse(kind, value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : refuse(kind, value);
    case 'json':
      return defuseCsvText(JSON.stringify(value));
    case 'text':
      return typeof value === 'string' ? defuseCsvText(value) : refuse(kind, value);
  }
};
