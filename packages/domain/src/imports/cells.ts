import { MONEY_MESSAGES, type Paise, parseRupees } from '../money/paise';
import { hasNoControlCharacters, isWellFormedText } from '../schemas/primitives';
import { USER_MOBILE_PATTERN } from '../schemas/user-form';
import { normalizeHeader } from './kinds';
import { importMessages } from './messages';

/** A cell the file reader could not take as a value (a formula without a stored result, an error value). */
export type RefusedCell = { refused: string };

/** One cell as a reader hands it over: CSV text, or an .xlsx value; null or undefined when empty. */
export type ImportCell = string | number | boolean | null | undefined | RefusedCell;

/** A cell read as a value (null: the cell is empty), or why it cannot be. */
export type CellRead<T> = { ok: true; value: T | null } | { ok: false; message: string };

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/**
 * A number as a spreadsheet shows it: Excel keeps 15 significant digits, so a sum stored as
 * 1234.5600000000001 is the 1234.56 the lender sees.
 */
export const spreadsheetNumber = (value: number): number => Number(value.toPrecision(15));

/** A cell's text, trimmed; control characters and unreadable bytes are refused before anything else. */
export const readText = (cell: ImportCell): CellRead<string> => {
  if (cell === null || cell === undefined) return { ok: true, value: null };
  if (typeof cell === 'object') return fail(cell.refused);
  if (typeof cell === 'boolean') return { ok: true, value: cell ? 'TRUE' : 'FALSE' };
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return fail(importMessages.unreadableText);
    return { ok: true, value: String(Number.isSafeInteger(cell) ? cell : spreadsheetNumber(cell)) };
  }
  if (!hasNoControlCharacters(cell)) return fail(importMessages.controlCharacters);
  if (!isWellFormedText(cell) || cell.includes('\uFFFD')) return fail(importMessages.unreadableText);
  const text = cell.trim();
  return { ok: true, value: text === '' ? null : text };
};

/** Reads a cell's text and, when there is some, reads it further with `then`. */
export const fromText = <T>(cell: ImportCell, then: (text: string) => CellRead<T>): CellRead<T> => {
  const text = readText(cell);
  if (!text.ok) return text;
  return text.value === null ? { ok: true, value: null } : then(text.value);
};

const CURRENCY_BEFORE = /^(₹|rs\.?|inr)\s*/i;
const CURRENCY_AFTER = /\s*(₹|rs\.?|inr|\/-)$/i;
/** 12,34,567 (Indian) or 1,234,567 (international): commas only between whole groups of digits. */
const GROUPED = /^(\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3})(\.\d*)?$/;
const PLAIN = /^(\d+(\.\d*)?|\.\d+)$/;

const paiseOf = (value: number | string, raw: string): CellRead<Paise> => {
  const parsed = parseRupees(value);
  if (parsed.ok) return { ok: true, value: parsed.paise };
  if (parsed.message === MONEY_MESSAGES.decimals) return fail(importMessages.amountDecimals(raw));
  if (parsed.message === MONEY_MESSAGES.tooLarge) return fail(importMessages.amountTooLarge(raw));
  return fail(importMessages.notAmount(raw));
};

/**
 * Rupees to exact paise: a spreadsheet number, or text such as '1,200.50', '₹ 1200', 'Rs. 500',
 * '1,20,000/-'. More than 2 decimals, a sign, and anything that is not an amount are refused.
 */
export const readAmount = (cell: ImportCell): CellRead<Paise> => {
  if (typeof cell === 'number') {
    const raw = String(cell);
    if (!Number.isFinite(cell)) return fail(importMessages.notAmount(raw));
    if (cell < 0) return fail(importMessages.amountNegative(raw));
    return paiseOf(spreadsheetNumber(cell), raw);
  }
  return fromText(cell, (raw) => {
    const bare = raw.replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '').trim();
    if (/^(-|\(.*\)$)/.test(bare)) return fail(importMessages.amountNegative(raw));
    if (PLAIN.test(bare)) return paiseOf(bare, raw);
    if (GROUPED.test(bare)) return paiseOf(bare.replaceAll(',', ''), raw);
    return fail(importMessages.notAmount(raw));
  });
};

/**
 * An Indian mobile number as the product stores it (10 digits, starting 6 to 9): spaces, dashes and
 * brackets dropped, and a leading +91, 0091, 91 or 0 taken off.
 */
export const readMobile = (cell: ImportCell): CellRead<string> =>
  fromText(cell, (text) => {
    const digits = text.replace(/[\s\-().]/g, '');
    const local = digits
      .replace(/^(\+91|0091)/, '')
      .replace(/^91(?=\d{10}$)/, '')
      .replace(/^0(?=\d{10}$)/, '');
    return USER_MOBILE_PATTERN.test(local)
      ? { ok: true, value: local }
      : fail(importMessages.notMobile(text));
  });

/** A whole number of zero or more (a count of days or EMIs). */
export const readCount = (cell: ImportCell): CellRead<number> =>
  fromText(cell, (text) => {
    const value = Number(text);
    return /^\d+$/.test(text) && Number.isSafeInteger(value)
      ? { ok: true, value }
      : fail(importMessages.notWholeNumber(text));
  });

/**
 * One of a few values by the words a lender may write for it (compared ignoring case, spaces and
 * punctuation); `labels` are what the message offers.
 */
export const readChoice = <T>(
  cell: ImportCell,
  words: ReadonlyMap<string, T>,
  labels: readonly string[],
): CellRead<T> =>
  fromText(cell, (text) => {
    const value = words.get(normalizeHeader(text));
    return value === undefined ? fail(importMessages.notOneOf(text, labels)) : { ok: true, value };
  });

/** The words of a choice: each value with what may be written for it. */
export const choiceWords = <T>(entries: readonly (readonly [T, readonly string[]])[]): Map<string, T> =>
  new Map(entries.flatMap(([value, words]) => words.map((word) => [normalizeHeader(word), value] as const)));
