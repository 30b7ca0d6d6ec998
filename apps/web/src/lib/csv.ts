import { defuseCsvText } from '@lending/domain';

/** A CSV cell: text, a number, or nothing. */
export type TCsvCell = string | number | null | undefined;

const cell = (value: TCsvCell): string => {
  const text = typeof value === 'number' ? String(value) : defuseCsvText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** RFC 4180 CSV (CRLF line ends) of a header row and data rows. */
export const toCsv = (headers: readonly string[], rows: readonly (readonly TCsvCell[])[]): string =>
  [headers, ...rows].map((row) => row.map(cell).join(',')).join('\r\n');
