import { isDateInRange } from '../schemas/primitives';
import { formatDdMmYyyy, type IsoDate, isIsoDate } from '../time/ist';
import { type CellRead, fromText, type ImportCell } from './cells';
import { importMessages } from './messages';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The largest serial Excel has: 31/12/9999. */
const MAX_SERIAL = 2_958_465;
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

const isoOf = (epochMs: number): IsoDate => new Date(epochMs).toISOString().slice(0, 10);

const inBook = (date: IsoDate, raw: string): CellRead<IsoDate> =>
  isDateInRange(date) ? { ok: true, value: date } : fail(importMessages.dateOutOfRange(raw));

/**
 * An Excel date serial to its day (the time of day dropped). In the 1900 system serial 1 is
 * 01/01/1900 and Excel counts a 29/02/1900 that never was (serial 60, kept from Lotus 1-2-3), so
 * every later serial is one more than the days since 31/12/1899; the 1904 system (old Mac
 * workbooks) counts from 01/01/1904 = 0.
 */
export const excelSerialDate = (serial: number, date1904 = false): CellRead<IsoDate> => {
  const day = Math.floor(serial);
  if (!Number.isFinite(serial) || day < (date1904 ? 0 : 1) || day > MAX_SERIAL)
    return fail(importMessages.notDate(String(serial)));
  if (!date1904 && day === 60) return fail(importMessages.impossibleDate('29/02/1900'));
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, day < 60 ? 31 : 30);
  const date = isoOf(epoch + day * DAY_MS);
  return inBook(date, formatDdMmYyyy(date).replaceAll('-', '/'));
};

/** A month by its English name or its first three letters ('Sept' too); null when none. */
const monthOf = (word: string): number | null => {
  const lower = word.toLowerCase();
  const index = MONTHS.findIndex((name) => lower === name || lower === name.slice(0, 3));
  return index === -1 ? (lower === 'sept' ? 9 : null) : index + 1;
};

const TIME = /[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*([ap]m)?$/i;
const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})$/;
const DAY_MONTH_NAME = /^(\d{1,2})(?:st|nd|rd|th)?[-/ .]*([a-z]+)[-/ .,]*(\d{4}|\d{2})$/i;
const MONTH_NAME_DAY = /^([a-z]+)[ .-]*(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;

/** Day, month and year as written (a two-digit year is 20YY: the book's dates are 2000 to 2099). */
const partsOf = (text: string): { y: number; m: number; d: number } | 'month-first' | null => {
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return { y: Number(yearFirst[1]), m: Number(yearFirst[2]), d: Number(yearFirst[3]) };
  const year = (written: string) => (written.length === 2 ? 2000 + Number(written) : Number(written));
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) {
    const [first, second] = [Number(dayFirst[1]), Number(dayFirst[2])];
    if (second > 12 && first <= 12) return 'month-first';
    return { y: year(dayFirst[3] ?? ''), m: second, d: first };
  }
  const named = DAY_MONTH_NAME.exec(text);
  const month = named ? monthOf(named[2] ?? '') : null;
  if (named && month !== null) return { y: year(named[3] ?? ''), m: month, d: Number(named[1]) };
  const american = MONTH_NAME_DAY.exec(text);
  const monthFirst = american ? monthOf(american[1] ?? '') : null;
  if (american && monthFirst !== null)
    return { y: Number(american[3]), m: monthFirst, d: Number(american[2]) };
  return null;
};

const readDateText = (raw: string, date1904: boolean): CellRead<IsoDate> => {
  // A serial that reached a CSV as text (a date column formatted "General" before the export).
  if (/^\d{5}$/.test(raw)) return excelSerialDate(Number(raw), date1904);
  const parts = partsOf(raw.replace(TIME, '').trim());
  if (parts === 'month-first') return fail(importMessages.monthFirst(raw));
  if (parts === null) return fail(importMessages.notDate(raw));
  const date = `${String(parts.y).padStart(4, '0')}-${String(parts.m).padStart(2, '0')}-${String(parts.d).padStart(2, '0')}`;
  if (!isIsoDate(date)) return fail(importMessages.impossibleDate(raw));
  return inBook(date, raw);
};

/**
 * A date cell to 'YYYY-MM-DD': an Excel date (a serial number) or text as DD/MM/YYYY, DD-MM-YYYY,
 * DD.MM.YY, YYYY-MM-DD, '5-Nov-2026', '5 November 2026' or 'Nov 5, 2026', a time after it ignored.
 * Dates that do not exist (31/04/2026) and dates outside the book's calendar are refused.
 */
export const readDate = (cell: ImportCell, date1904 = false): CellRead<IsoDate> => {
  if (typeof cell === 'number') return excelSerialDate(cell, date1904);
  return fromText(cell, (raw) => readDateText(raw, date1904));
};
